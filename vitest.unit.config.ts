import { defineConfig } from 'vitest/config';

// The unit tests (`npm run test:unit`): pure modules tested beside their code (`<module>.test.ts`), with
// no database, no build and no server, so the whole set runs in seconds. The API suite (vitest.config.ts)
// and the browser journeys (tests/e2e) test the product through its real parts.
export default defineConfig({
  test: {
    include: ['{contract,server,web,cli,tools}/**/*.test.ts'],
    environment: 'node',
    // Threads start faster than processes, and pure modules share nothing a thread could leak.
    pool: 'threads',
  },
});
