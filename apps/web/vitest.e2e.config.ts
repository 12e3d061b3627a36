import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium through playwright-core against the built app on a real server.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
