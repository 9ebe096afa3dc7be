import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository explains itself: comments and docs cite docs/product.md (and the other docs/ files) by
// section and the decision records of docs/decisions/ by file, never the two documents that once lived
// outside the repository nor the single decisions file the records replaced. This file fails on a mention
// of those, on a `docs/<path>.md#anchor` citation (or, inside docs/, a relative `(<path>.md#anchor)` or
// `(#anchor)` link) that names no heading of that file, on a mention of a record or a relative Markdown
// link under docs/ that names no file, and on records numbered with a gap or a repeat, headed with another
// number, or missing from the index (docs/decisions/README.md).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The outside documents' file names, spelled in pieces so that this file does not mention them itself. */
const OUTSIDE_DOCUMENTS = ['SPEC', 'DESIGN'].map((name) => `${name}.md`);

/** The single decisions file the numbered records replaced (issue 37), in pieces for the same reason. */
const OLD_DECISIONS = new RegExp(`(?<![\\w-])${'decisions'}\\.md`);

const RECORDS_DIR = 'docs/decisions';
/** A record's file name: its number, four digits, then a kebab-case title. */
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/**
 * Directories that hold no source: installed packages, git's own files, and build, test and run output
 * (each listed in .gitignore).
 */
const NOT_SOURCE = new Set(['node_modules', '.git', 'build', 'test-results', 'coverage', 'data', '.react-router', '.cache']);

interface TextFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

/** Every text file of the repository outside NOT_SOURCE (a file holding a NUL byte counts as binary). */
function textFiles(): TextFile[] {
  const files: TextFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCE.has(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const bytes = readFileSync(full);
        if (bytes.includes(0)) continue;
        files.push({ path: relative(ROOT, full).split(sep).join('/'), text: bytes.toString('utf8') });
      }
    }
  };
  walk(ROOT);
  return files;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside fenced code), repeats numbered as GitHub does. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark) {
      if (fence === undefined) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = githubSlug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const files = textFiles();
const byPath = new Map(files.map((file) => [file.path, file]));

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Every `file:line` that mentions an outside document. */
function outsideMentions(): string[] {
  const found: string[] = [];
  for (const file of files) {
    file.text.split('\n').forEach((line, index) => {
      if (OUTSIDE_DOCUMENTS.some((name) => line.includes(name))) found.push(`${file.path}:${index + 1}`);
    });
  }
  return found;
}

interface Citation {
  where: string;
  /** The cited file, from the repository root. */
  target: string;
  anchor: string;
}

/** `docs/<file>.md#anchor` anywhere; in Markdown under docs/, also `](<file>.md#anchor)` and `](#anchor)`. */
function citations(): Citation[] {
  const found: Citation[] = [];
  const add = (file: TextFile, index: number, target: string, anchor: string) =>
    found.push({ where: `${file.path}:${lineOf(file.text, index)}`, target, anchor });
  for (const file of files) {
    for (const m of file.text.matchAll(/(?<![\w/.-])docs\/((?:[\w.-]+\/)*[\w.-]+\.md)#([\p{L}\p{N}_-]+)/gu)) {
      add(file, m.index, `docs/${m[1]}`, m[2] as string);
    }
    if (file.path.startsWith('docs/') && file.path.endsWith('.md')) {
      for (const m of file.text.matchAll(/\]\(((?:[\w.-]+\/)*[\w.-]+\.md)?#([^)\s]+)\)/gu)) {
        const target = m[1] === undefined ? file.path : posix.normalize(posix.join(dirname(file.path), m[1]));
        add(file, m.index, target, m[2] as string);
      }
    }
  }
  return found;
}

/** Every mention of a record by its path from the root (`docs/decisions/<file>.md`, anchor or not), anywhere. */
function recordMentions(): { where: string; target: string }[] {
  const found: { where: string; target: string }[] = [];
  for (const file of files) {
    for (const m of file.text.matchAll(/(?<![\w/.-])docs\/decisions\/([\w.-]+\.md)/g)) {
      found.push({ where: `${file.path}:${lineOf(file.text, m.index)}`, target: `${RECORDS_DIR}/${m[1]}` });
    }
  }
  return found;
}

/** Relative links from Markdown under docs/ to a Markdown file (anchor or not), resolved from the root. */
function relativeLinks(): { where: string; target: string }[] {
  const found: { where: string; target: string }[] = [];
  for (const file of files) {
    if (!file.path.startsWith('docs/') || !file.path.endsWith('.md')) continue;
    for (const m of file.text.matchAll(/\]\(((?:[\w.-]+\/)*[\w.-]+\.md)(?:#[^)\s]*)?\)/g)) {
      found.push({ where: `${file.path}:${lineOf(file.text, m.index)}`, target: posix.normalize(posix.join(dirname(file.path), m[1] as string)) });
    }
  }
  return found;
}

interface RecordFile {
  name: string;
  number: number;
  text: string;
}

/** The numbered records of docs/decisions/, and the names there that are neither a record nor the index. */
function records(): { records: RecordFile[]; strays: string[] } {
  const found: RecordFile[] = [];
  const strays: string[] = [];
  for (const name of readdirSync(join(ROOT, RECORDS_DIR)).sort()) {
    const number = RECORD_NAME.exec(name)?.[1];
    if (number === undefined) {
      if (name !== 'README.md') strays.push(name);
      continue;
    }
    found.push({ name, number: Number(number), text: byPath.get(`${RECORDS_DIR}/${name}`)?.text ?? '' });
  }
  return { records: found, strays };
}

/** What is wrong with the records' numbering, headings and index: empty when nothing is. */
export function recordProblems(list: RecordFile[], index: string): string[] {
  const problems: string[] = [];
  const numbers = list.map((r) => r.number).sort((a, b) => a - b);
  numbers.forEach((number, i) => {
    if (number !== i + 1) problems.push(`expected record ${String(i + 1).padStart(4, '0')}, found ${String(number).padStart(4, '0')} (a gap or a repeat)`);
  });
  for (const record of list) {
    const heading = record.text.split('\n')[0] ?? '';
    if (!heading.startsWith(`# ${record.name.slice(0, 4)}. `)) problems.push(`${record.name}: the first line is not "# ${record.name.slice(0, 4)}. <title>"`);
    if (!index.includes(`](${record.name})`)) problems.push(`${record.name}: not linked from ${RECORDS_DIR}/README.md`);
  }
  return problems;
}

describe('documentation citations', () => {
  it('computes GitHub-style heading anchors', () => {
    expect(githubSlug('Script detail page')).toBe('script-detail-page');
    expect(githubSlug('Per-script gate')).toBe('per-script-gate');
    expect(githubSlug('Staff panels (issue 5)')).toBe('staff-panels-issue-5');
    expect(githubSlug('Every core, and many instances on one database (issue 11)')).toBe('every-core-and-many-instances-on-one-database-issue-11');
    expect(githubSlug('The web app (`web/`)')).toBe('the-web-app-web');
    expect(githubSlug('Realistic traffic (npm run bench -- --realistic)')).toBe('realistic-traffic-npm-run-bench------realistic');
    expect([...headingAnchors('# A\n## Targets\n```\n## Not a heading\n```\n### Targets\n')]).toEqual(['a', 'targets', 'targets-1']);
  });

  it('docs/product.md exists and has headings', () => {
    const product = byPath.get('docs/product.md');
    expect(product, 'docs/product.md').toBeDefined();
    expect(headingAnchors(product?.text ?? '').size).toBeGreaterThan(20);
  });

  it('no file mentions the outside specification or design documents', () => {
    expect(outsideMentions(), `cite docs/product.md#<section> or a record of docs/decisions/ instead of ${OUTSIDE_DOCUMENTS.join(' or ')}`).toEqual([]);
  });

  it('no file mentions the single decisions file the records replaced', () => {
    const found: string[] = [];
    for (const file of files) {
      file.text.split('\n').forEach((line, index) => {
        if (OLD_DECISIONS.test(line)) found.push(`${file.path}:${index + 1}`);
      });
    }
    expect(found, `cite the record that holds the decision: ${RECORDS_DIR}/README.md lists them`).toEqual([]);
  });

  it('every mention of a decision record, and every relative link under docs/, names a file', () => {
    const missing = [...recordMentions(), ...relativeLinks()].filter(({ target }) => !byPath.has(target)).map(({ where, target }) => `${where} → ${target}`);
    expect(missing).toEqual([]);
  });

  it('the records are numbered from 0001 without a gap or a repeat, headed with their number and all in the index', () => {
    const { records: list, strays } = records();
    expect(list.length).toBeGreaterThan(40);
    expect(strays, 'a record is named NNNN-kebab-title.md; number NEW-*.md files with the link script').toEqual([]);
    expect(recordProblems(list, byPath.get(`${RECORDS_DIR}/README.md`)?.text ?? '')).toEqual([]);
  });

  it('finds gaps, repeats, wrong headings and records missing from the index', () => {
    const record = (name: string): RecordFile => ({ name, number: Number(name.slice(0, 4)), text: `# ${name.slice(0, 4)}. T\n` });
    const index = '[a](0001-a.md) [b](0002-b.md) [c](0003-c.md)';
    expect(recordProblems([record('0001-a.md'), record('0002-b.md'), record('0003-c.md')], index)).toEqual([]);
    expect(recordProblems([record('0001-a.md'), record('0003-c.md')], index)).toEqual(['expected record 0002, found 0003 (a gap or a repeat)']);
    expect(recordProblems([record('0001-a.md'), record('0002-b.md'), record('0002-d.md')], `${index} [d](0002-d.md)`)).toEqual([
      'expected record 0003, found 0002 (a gap or a repeat)',
    ]);
    expect(recordProblems([record('0001-a.md'), { ...record('0002-b.md'), text: '# 0005. T\n' }, record('0003-c.md')], index)).toEqual([
      '0002-b.md: the first line is not "# 0002. <title>"',
    ]);
    expect(recordProblems([record('0001-a.md'), record('0002-b.md'), record('0003-c.md')], '[a](0001-a.md) [b](0002-b.md)')).toEqual([
      '0003-c.md: not linked from docs/decisions/README.md',
    ]);
  });

  it('every docs/<file>.md#anchor citation names a heading of that file', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const { where, target, anchor } of citations()) {
      const doc = byPath.get(target);
      if (!doc) {
        broken.push(`${where} → ${target}#${anchor} (no such file)`);
        continue;
      }
      if (!anchors.has(target)) anchors.set(target, headingAnchors(doc.text));
      if (!anchors.get(target)?.has(anchor)) broken.push(`${where} → ${target}#${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it('cites docs/product.md and the decision records from the code', () => {
    // A guard against the citation scans finding nothing (for example after a change of a regular expression).
    expect(citations().filter((c) => c.target === 'docs/product.md' && !c.where.startsWith('docs/')).length).toBeGreaterThan(50);
    expect(recordMentions().filter((m) => !m.where.startsWith('docs/')).length).toBeGreaterThan(200);
    expect(citations().filter((c) => c.target.startsWith(`${RECORDS_DIR}/`)).length).toBeGreaterThan(20);
  });
});
