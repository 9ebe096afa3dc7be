// Import cycles, which ESLint cannot see file by file: `npm run lint` runs this after ESLint
// (docs/architecture.md#rules-of-the-code, docs/decisions/0030-import-cycles-and-long-functions.md).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Two files import each other, directly or through others (type imports too).',
      from: {},
      to: { circular: true },
    },
    {
      // A folder stands for every file under it; files directly in server/ or web/ (the composition roots)
      // are never part of a folder cycle, since their folder contains every other one.
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Two folders import each other, directly or through others (type imports too).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(server|web|contract|cli)/',
    // A unit test beside its module (`*.test.ts`) is imported by nothing, so it closes no cycle; the
    // modules it reads from other folders do not tie those folders to its own.
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a cycle through types still ties the folders together.
    tsPreCompilationDeps: true,
  },
};
