import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A newcomer follows docs/architecture.md file by file, so it may name only files that exist: this fails on a
// path under one of the repository's source folders (`server/cache/page-cache.ts`, `tests/e2e/`,
// `web/features/{staff,admin}`) that names no file or folder, and, in architecture.md and README.md, on a
// backticked file name or short path (`vote-buffer.ts`, `routes/admin/dashboard.tsx`) that no file of the
// repository ends with. A path with `*` (`server/scripts/visibility-*.ts`) must match some file. The decision
// records (docs/decisions/) are history as much as guidance, so a path they name must exist too: a file that
// moved is named where it lives.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CHECKED = ['docs/architecture.md', 'README.md'];
/** The decision records and their index, read as one text: a record may name only a few paths. */
const RECORDS = readdirSync(join(ROOT, 'docs/decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/decisions/${name}`);
const BARE_NAMES_CHECKED = new Set(['docs/architecture.md', 'README.md']);

/** The repository's source folders; a path starting with one of these is checked. */
const ROOTS = ['server', 'web', 'contract', 'cli', 'tools', 'tests', 'bench', 'docs'];

/** Folders that hold no source (each in .gitignore), left out of the bare-name lookup. */
const NOT_SOURCE = new Set(['node_modules', '.git', 'build', 'test-results', 'coverage', 'data', '.react-router', '.cache']);

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (one brace group is all the documents use; more are expanded in turn). */
export function expandBraces(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  const [head, tail] = [path.slice(0, group.index), path.slice(group.index + group[0].length)];
  return group[1]!.split(',').flatMap((choice) => expandBraces(`${head}${choice}${tail}`));
}

/** Every path under ROOTS a text names: a file with an extension or a folder, trailing punctuation dropped. */
export function namedPaths(text: string): string[] {
  const pattern = new RegExp(`(?<![\\w/.@:~-])(?:${ROOTS.join('|')})/[\\w./{},*-]*`, 'g');
  const paths: string[] = [];
  for (const match of text.matchAll(pattern)) {
    // A sentence's full stop or comma, or a brace group's own commas at the end, are not part of the path.
    const path = match[0].replace(/[.,]+$/, '');
    if (path.split('/').some((part) => part === '..')) continue;
    paths.push(...expandBraces(path));
  }
  return paths;
}

/**
 * Backticked spans that are a file name or a short path not under ROOTS (`vote-buffer.ts`, `lib/form.ts`);
 * the build's output (`build/app/main.mjs`) exists only after `npm run build`, so it is left out.
 */
export function bareFileNames(text: string): string[] {
  const rooted = new RegExp(`^(?:${[...ROOTS, 'build'].join('|')})/`);
  return [...text.matchAll(/`([\w][\w./-]*\.(?:ts|tsx|mjs|js))`/g)].map((match) => match[1]!).filter((name) => !rooted.test(name));
}

/** Every file and folder of the repository outside NOT_SOURCE, from the root, with forward slashes. */
function repositoryPaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      paths.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return paths;
}

const PATHS = repositoryPaths();

/** Whether `path` (a folder may end in `/`; `*` stands for any characters within one name) names something. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(ROOT, path));
  const glob = new RegExp(`^${path.replace(/\/$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return PATHS.some((candidate) => glob.test(candidate));
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('the documents name only files that exist', () => {
  it('reads paths the way the documents write them', () => {
    expect(namedPaths('`server/cache/page-cache.ts` (and server/db/, `tests/e2e/`).')).toEqual(['server/cache/page-cache.ts', 'server/db/', 'tests/e2e/']);
    expect(namedPaths('outside `web/features/{staff,admin,moderator}` and web/routes/{admin,moderator}, in contract/.')).toEqual([
      'web/features/staff',
      'web/features/admin',
      'web/features/moderator',
      'web/routes/admin',
      'web/routes/moderator',
      'contract/',
    ]);
    expect(namedPaths('`/scripts/{id}`, build/app/main.mjs, http://x/server/a.ts, docs/product.md#votes')).toEqual(['docs/product.md']);
    expect(bareFileNames('`vote-buffer.ts` (Node.js), `ScriptRepository.rollTrending`, `lib/form.ts`, `server/app.ts`')).toEqual([
      'vote-buffer.ts',
      'lib/form.ts',
    ]);
    expect(exists('server/scripts/visibility-*.ts')).toBe(true);
    expect(exists('server/scripts/nothing-*.ts')).toBe(false);
    expect(exists('server/cache/')).toBe(true);
  });

  for (const document of CHECKED) {
    it(`${document} names only paths that exist`, () => {
      const text = readFileSync(join(ROOT, document), 'utf8');
      const paths = namedPaths(text);
      expect(paths.length, 'the scan found paths').toBeGreaterThan(10);
      const missing = [...new Set(paths)].filter((path) => !exists(path));
      expect(missing.map((path) => `${document}:${lineOf(text, path)} ${path}`)).toEqual([]);
    });
  }

  it('the decision records name only paths that exist', () => {
    const missing: string[] = [];
    let named = 0;
    for (const document of RECORDS) {
      const text = readFileSync(join(ROOT, document), 'utf8');
      const paths = namedPaths(text);
      named += paths.length;
      for (const path of new Set(paths)) if (!exists(path)) missing.push(`${document}:${lineOf(text, path)} ${path}`);
    }
    expect(named, 'the scan found paths').toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('architecture.md and README.md name only file names and short paths some file ends with', () => {
    const missing: string[] = [];
    for (const document of BARE_NAMES_CHECKED) {
      const text = readFileSync(join(ROOT, document), 'utf8');
      for (const name of new Set(bareFileNames(text))) {
        if (!PATHS.some((path) => path === name || path.endsWith(`/${name}`))) missing.push(`${document}:${lineOf(text, `\`${name}\``)} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
