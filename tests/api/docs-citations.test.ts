import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository explains itself: comments and docs cite docs/product.md (and the other docs/ files) by
// section, never the two documents that once lived outside the repository. This file fails on a mention
// of those outside files, and on a `docs/<file>.md#anchor` citation (or, inside docs/, a relative
// `(<file>.md#anchor)` or `(#anchor)` link) that names no heading of that file.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The outside documents' file names, spelled in pieces so that this file does not mention them itself. */
const OUTSIDE_DOCUMENTS = ['SPEC', 'DESIGN'].map((name) => `${name}.md`);

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
    for (const m of file.text.matchAll(/(?<![\w/.-])docs\/([\w.-]+\.md)#([\p{L}\p{N}_-]+)/gu)) {
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
    expect(outsideMentions(), `cite docs/product.md#<section> or docs/decisions.md instead of ${OUTSIDE_DOCUMENTS.join(' or ')}`).toEqual([]);
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

  it('cites docs/product.md from the code', () => {
    // A guard against the citation scan finding nothing (for example after a change of the regular expression).
    expect(citations().filter((c) => c.target === 'docs/product.md' && !c.where.startsWith('docs/')).length).toBeGreaterThan(50);
  });
});
