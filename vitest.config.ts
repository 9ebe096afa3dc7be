import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    setupFiles: ['tests/helpers/no-react-warnings.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
