import { defineConfig } from 'vitest/config';

/** Browser journeys: Debian's Chromium through playwright-core against the built server. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each file starts its own server and browser; two cores run at most two at a time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
