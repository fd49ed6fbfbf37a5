import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One temp root for the suite, searched for test secrets after the last test (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Tests spawn real hook processes; two cores, so keep the pool small and the timeouts honest.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
