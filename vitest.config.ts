import { defineConfig } from 'vitest/config';

// The API suite (`npm run test:api`): each file builds the app on real databases. The unit tests beside
// the code run under vitest.unit.config.ts (`npm run test:unit`), never here.
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default on two cores is one file at a time; the suites wait on PostgreSQL, child
    // processes and sharp as much as they compute, so two at a time cut the run by about a third.
    // Each file has its own database (tests/helpers/databases.ts), so files never share state.
    maxWorkers: 2,
    // The migrations run once per run, into a template each test database is copied from.
    globalSetup: ['tests/helpers/database-templates.ts'],
    setupFiles: ['tests/helpers/no-react-warnings.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
