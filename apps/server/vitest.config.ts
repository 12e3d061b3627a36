import { defineConfig } from 'vitest/config';

/**
 * Files that time the event loop while a large request runs (a 100 ms bound on /health or on
 * monitorEventLoopDelay). They run after every other file and one at a time, so what they measure is the
 * shop's own work and not a neighbouring test file's.
 */
const LOOP_TIMED = [
  'test/catalog-spreadsheet-bounds.test.ts',
  'test/exports.test.ts',
  'test/rest-paging.test.ts',
];

const shared = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: LOOP_TIMED,
        },
      },
      {
        test: {
          ...shared,
          name: 'event loop',
          include: LOOP_TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
