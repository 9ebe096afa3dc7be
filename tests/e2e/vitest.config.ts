import { defineConfig } from 'vitest/config';

/** Browser journeys: Debian's Chromium through playwright-core against the built server (docs/decisions/NEW-e2e-speed.md). */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One Chromium for the run; each file connects to it and starts a server of its own.
    globalSetup: ['tests/e2e/global-setup.ts'],
    // A worker runs file after file in one process, importing the server's modules (for arranging
    // data) once instead of once per file. Files share no state: each has its own server and database.
    isolate: false,
    // Two cores run at most two files at a time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
