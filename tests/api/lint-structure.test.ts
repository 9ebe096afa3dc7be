import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The shape `npm run lint` enforces besides the layers (docs/architecture.md#rules-of-the-code): no import
// cycle between files or folders (dependency-cruiser, .dependency-cruiser.mjs) and no function over 80 lines
// (ESLint). Each rule refuses a planted case and lets its counterpart just inside the rule pass; the planted
// files are linted alone, so what the code base itself still breaks does not count here.

const run = promisify(execFile);
const DEPCRUISE = path.resolve('node_modules/.bin/depcruise');
const CONFIG = path.resolve('.dependency-cruiser.mjs');

describe('lint refuses import cycles', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lint-cycles-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  /** Writes `files` (path → source) under a scratch copy of the repository's layout. */
  async function plant(files: Record<string, string>): Promise<void> {
    for (const [file, source] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), `${source}\nexport const value = 1;\n`);
    }
  }

  /** What dependency-cruiser, with the repository's rules, says of the planted `server/` files. */
  async function cruise(): Promise<{ failed: boolean; output: string }> {
    try {
      const { stdout } = await run(DEPCRUISE, ['--config', CONFIG, 'server'], { cwd: root });
      return { failed: false, output: stdout };
    } catch (error) {
      const { stdout, stderr } = error as { stdout: string; stderr: string };
      return { failed: true, output: stdout + stderr };
    }
  }

  it('refuses two files that import each other, one of them by type only', async () => {
    await plant({
      'server/planted/a.ts': "import { value as b } from './b.ts';\nexport const a = b;",
      'server/planted/b.ts': "import type { value as a } from './a.ts';\nexport type A = typeof a;",
    });
    const { failed, output } = await cruise();
    expect(failed).toBe(true);
    expect(output).toMatch(/no-file-cycle: server\/planted\/(a|b)\.ts →\s*server\/planted\/(b|a)\.ts →\s*server\/planted\/\1\.ts/);
    expect(output).not.toMatch(/no-folder-cycle/);
  });

  it('refuses two folders that import each other without a file cycle, and names them', async () => {
    await plant({
      'server/planted-a/service.ts': "import { value } from '../planted-b/repository.ts';\nexport const service = value;",
      'server/planted-a/types.ts': '',
      'server/planted-b/repository.ts': '',
      'server/planted-b/presenter.ts': "import type { value } from '../planted-a/types.ts';\nexport type Shown = typeof value;",
    });
    const { failed, output } = await cruise();
    expect(failed).toBe(true);
    expect(output).toMatch(/no-folder-cycle: server\/planted-a →\s*server\/planted-b →\s*server\/planted-a/);
    expect(output).not.toMatch(/no-file-cycle/);
  });

  it('lets a file import another, and a folder import another, one way', async () => {
    await plant({
      'server/planted-a/service.ts': "import { value } from '../planted-b/repository.ts';\nimport { value as local } from './types.ts';\nexport const service = value + local;",
      'server/planted-a/types.ts': '',
      'server/planted-b/repository.ts': '',
      'server/planted-b/presenter.ts': "import { value } from './repository.ts';\nexport const shown = value;",
      'server/composition-root.ts': "import { service } from './planted-a/service.ts';\nexport const root = service;",
    });
    expect(await cruise()).toEqual({ failed: false, output: expect.stringMatching(/no dependency violations found/) });
  });
});

describe('lint refuses functions over 80 lines', () => {
  const eslint = new ESLint();

  /** A function of `lines` lines in all, its signature and closing brace included. */
  const functionOf = (lines: number) =>
    ['export function planted(): number {', '  let total = 0;', ...Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`), '  return total;', '}'].join('\n');

  /** The function-length messages lint gives `code` as if it were the file at `filePath` (which need not exist). */
  async function tooLong(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\n`, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'max-lines-per-function').map((message) => message.message);
  }

  it.each([['server/scripts/planted.ts'], ['web/features/catalogue/Planted.tsx']])('refuses 81 lines in %s', async (filePath) => {
    expect(await tooLong(filePath, functionOf(81))).toEqual(["Function 'planted' has too many lines (81). Maximum allowed is 80."]);
  });

  it.each([['server/scripts/planted.ts'], ['web/features/catalogue/Planted.tsx']])('lets 80 lines pass in %s', async (filePath) => {
    expect(await tooLong(filePath, functionOf(80))).toEqual([]);
  });

  it('lets a migration keep a longer function: migrations are never edited after release', async () => {
    expect(await tooLong('server/db/migrations/20991231000000_planted.ts', functionOf(200))).toEqual([]);
  });
});
