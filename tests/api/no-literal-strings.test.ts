import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 29 (docs/decisions/0045-languages.md): every text a component shows comes from a message, so each
// reading can say it in its language. This reads every component of the public pages and the panels
// and lists the words written in their markup: JSX text and the attributes a person reads or hears.

const ROOTS = ['web/features', 'web/components', 'web/routes'];
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'alt', 'placeholder', 'label']);
/** Words in markup: letters outside entities (`&nbsp;`), except a URL's scheme shown as an example. */
function hasWords(text: string): boolean {
  const words = text.replace(/&[a-z]+;/g, ' ').trim();
  return /\p{L}/u.test(words) && words !== 'https://';
}

function componentFiles(): string[] {
  return ROOTS.flatMap((root) =>
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => path.join(root, file)),
  );
}

/** `file: text` for each word written in a component's markup. */
function literals(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${file}: ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && hasWords(node.initializer.text)) {
      found.push(`${file}: ${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

describe('components show messages, not literal words', () => {
  it('finds a word written in markup (the check itself works)', () => {
    expect(literals('x.tsx', 'const A = () => <nav aria-label="Main"><p>Hello</p><p>{t.ok}</p><span>:&nbsp;</span><input placeholder="https://" /></nav>;')).toEqual([
      'x.tsx: aria-label="Main"',
      'x.tsx: Hello',
    ]);
  });

  it('no component of the public pages or the panels writes a word in its markup', () => {
    const files = componentFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => literals(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });
});
