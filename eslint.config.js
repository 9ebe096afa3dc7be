// Flat config: ESLint + typescript-eslint recommended, syntax-only (no type info) so lint stays fast;
// `npm run typecheck` covers what type-aware rules would.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['build/', 'node_modules/', '.react-router/', 'data/', 'bench/.cache/', 'test-results/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names mark deliberately unused parameters/bindings.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // `interface X extends Y {}` is how module augmentation merges types (web/load-context.d.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Kysely migrations must not depend on the app's evolving schema types, so they take Kysely<any>.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
