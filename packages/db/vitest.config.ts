import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Seeding a demo shop writes a real database file: about a second on an idle machine, several under the
    // load of a full test run on two cores, past vitest's 5 s default.
    testTimeout: 30_000,
  },
});
