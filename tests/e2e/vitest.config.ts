import { defineConfig } from 'vitest/config';

/** Browser journeys: Debian's Chromium through playwright-core against the built server (docs/decisions/0056-e2e-speed.md). */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // A worker runs file after file in one process: it imports the server's modules (for arranging
    // data) and launches Chromium once, not once per file. Files share no state: each has its own
    // server and database, and its own browser contexts, closed after each test.
    isolate: false,
    // Two cores run at most two files at a time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
