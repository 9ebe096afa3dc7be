// Flat config: ESLint + typescript-eslint recommended, syntax-only (no type info) so lint stays fast;
// `npm run typecheck` covers what type-aware rules would.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Imports refused by a layer rule, each with the rule it breaks (type imports too). */
const NO_SERVER_OR_WEB = { regex: '^(\\.\\./)+(server|web)(/|$)', message: 'contract/ is shared by server/ and web/: it imports neither.' };
const NO_SERVER = { regex: '^(\\.\\./)+server(/|$)', message: 'web/ runs in the browser too: it never imports server/ (loaders reach services through their context).' };
const NO_WEB = { regex: '^(\\.\\./)+web(/|$)', message: 'server/ never imports web/: the web build is loaded at run time (server/plugins/web.ts).' };
const NO_STAFF = { regex: '^(\\.\\./)+(features/)?(staff|admin|moderator)(/|$)', message: 'Public pages never import the staff panels (web/features/staff, admin, moderator).' };
const NO_CATALOGUE = {
  // A feature's `texts/` folder, and the catalogue gathering them (web/i18n/catalogue.ts).
  regex: '^(\\.\\.?/)+((.*/)?texts/|(\\.\\./)*i18n/catalogue\\.ts$)',
  allowTypeImports: true,
  message: 'A public page reads its texts with useI18n() or its loader data, never by import, so no catalogue ships in its JavaScript (docs/decisions/0045-languages.md); server code reads them through a .server module.',
};
const NO_ROOT = {
  regex: '^(\\.\\./)+(app|main|cluster|routes|services)(\\.ts)?$',
  message: 'A server folder never imports a composition root (server/app.ts, main.ts, cluster.ts, routes.ts, services.ts): routes get their services as options.',
};
const NO_SERVICE = {
  regex: '^(\\./|(\\.\\./)+[\\w-]+/)(routes|service|[\\w-]+-(routes|service))(\\.ts)?$',
  message: 'A repository is SQL only: it imports no service or route (and, as every server folder, no composition root).',
};

/** Each file gets one list: a later block for the same rule replaces an earlier one, so narrower blocks repeat the wider patterns. */
const refuse = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/** The layers (docs/architecture.md#rules-of-the-code); tests/api/lint-layers.test.ts plants one forbidden import per rule and sees it refused. */
const LAYERS = [
  refuse(['contract/**'], [NO_SERVER_OR_WEB]),
  refuse(['web/**'], [NO_SERVER]),
  refuse(['web/**'], [NO_SERVER, NO_STAFF], ['web/features/staff/**', 'web/features/admin/**', 'web/features/moderator/**', 'web/routes/admin/**', 'web/routes/moderator/**']),
  // Texts may compose other texts (a page's analysis is the panels'); who imports them is what is checked.
  refuse(['web/components/**', 'web/features/**', 'web/routes/**'], [NO_SERVER, NO_STAFF, NO_CATALOGUE], ['web/**/texts/**', 'web/features/staff/**', 'web/features/admin/**', 'web/features/moderator/**', 'web/routes/admin/**', 'web/routes/moderator/**']),
  refuse(['server/**'], [NO_WEB]),
  refuse(['server/*/**'], [NO_WEB, NO_ROOT]),
  refuse(['server/**/repository.ts', 'server/**/*-repository.ts'], [NO_WEB, NO_ROOT, NO_SERVICE]),
];

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
  ...LAYERS,
  {
    // A function reads in one sitting (docs/architecture.md#rules-of-the-code). Migrations are frozen history,
    // never edited after release, so they are not held to it (docs/decisions/0030-import-cycles-and-long-functions.md).
    files: ['server/**', 'web/**', 'contract/**', 'cli/**'],
    ignores: ['server/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // Kysely migrations must not depend on the app's evolving schema types, so they take Kysely<any>.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
