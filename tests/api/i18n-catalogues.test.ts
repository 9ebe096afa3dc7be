import { describe, expect, it } from 'vitest';
import { formatMessage, LANGUAGES, READINGS } from '../../contract/i18n.ts';
import { SERVER_ONLY_AREAS } from '../../web/i18n/catalogue.ts';
import { messagesFor, pageMessagesFor } from '../../web/i18n/catalogues.server.ts';

// The public pages' catalogues (issue 29, item 5; docs/decisions/0045-languages.md), walked at run time as
// typecheck walks their shapes: every reading has every key of the specification's and no other, no
// text is empty, what travels to the browser is plain data, a translation asks only for values the
// code gives, Russian plurals have their CLDR forms, and the Russian catalogue has no English word.

type Leaf = { path: string; value: unknown };

function leaves(value: unknown, path = ''): Leaf[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

/** The names a template asks for: `{name}` and the variable of each `{n, plural, …}`, branches included. */
function placeholders(template: string): Set<string> {
  return new Set([...template.matchAll(/\{\s*([a-zA-Z]\w*)\s*(?:[,}])/g)].map((match) => match[1] as string));
}

/** Russian texts that are meant to be in another language: the switch's and the offer's English. */
const OTHER_LANGUAGE = new Set(['common.language.en', 'common.offer.en.read', 'common.offer.en.dismiss']);
/** Names written in Latin letters in any language. */
const NAMES = new Set(['Roblox', 'Telegram', 'YouTube', 'Discord', 'Guilded', 'Windows', 'Mac', 'macOS', 'Android', 'iOS', 'Lua', 'Luau', 'English', 'ID', 'IP', 'PC', 'HWID', 'Pastebin', 'GitHub', 'RSS', 'Atom', 'cookie']);

const spec = leaves(messagesFor('spec'));
const specByPath = new Map(spec.map((leaf) => [leaf.path, leaf.value]));

describe('the public catalogues', () => {
  it.each(LANGUAGES)('%s has every key of the specification\'s reading, and no other, each of the same kind', (language) => {
    const own = leaves(messagesFor(language));
    expect(own.map((leaf) => leaf.path)).toEqual(spec.map((leaf) => leaf.path));
    for (const leaf of own) expect(typeof leaf.value, leaf.path).toBe(typeof specByPath.get(leaf.path));
  });

  it.each(READINGS)('%s has no empty text, and what travels to the browser is plain data', (reading) => {
    for (const leaf of leaves(messagesFor(reading))) {
      if (typeof leaf.value === 'string') expect(leaf.value.trim(), leaf.path).not.toBe('');
    }
    const page = pageMessagesFor(reading);
    for (const area of SERVER_ONLY_AREAS) expect(page, area).not.toHaveProperty(area);
    for (const leaf of leaves(page)) expect(['string', 'number', 'boolean'], leaf.path).toContain(typeof leaf.value);
    // It survives the trip as JSON unchanged.
    expect(JSON.parse(JSON.stringify(page))).toEqual(page);
  });

  it.each(LANGUAGES)('%s asks only for values the specification\'s template is given, and fills them all', (language) => {
    for (const leaf of leaves(messagesFor(language))) {
      if (typeof leaf.value !== 'string') continue;
      const wanted = placeholders(String(specByPath.get(leaf.path)));
      for (const name of placeholders(leaf.value)) expect(wanted, `${leaf.path} asks for {${name}}`).toContain(name);
      const values = Object.fromEntries([...wanted].map((name) => [name, 3]));
      expect(formatMessage(language, leaf.value, values), leaf.path).not.toMatch(/\{\s*[a-zA-Z]\w*\s*[,}]/);
    }
  });

  it('gives every Russian plural its one, few and many forms', () => {
    for (const leaf of leaves(messagesFor('ru'))) {
      if (typeof leaf.value !== 'string' || !leaf.value.includes('plural')) continue;
      for (const form of ['one', 'few', 'many']) expect(leaf.value, leaf.path).toMatch(new RegExp(`\\b${form}\\s*\\{`));
    }
  });

  it('has no English word in the Russian catalogue', () => {
    for (const leaf of leaves(messagesFor('ru'))) {
      if (typeof leaf.value !== 'string' || OTHER_LANGUAGE.has(leaf.path)) continue;
      const words = leaf.value
        .replace(/\{\s*[a-zA-Z]\w*\s*(?:\}|,\s*plural\s*,)/g, ' ')
        .replace(/\b(?:one|few|many|other|=\d+)\s*\{/g, ' ')
        .replace(/https?:\/\/\S+/g, ' ')
        .match(/[A-Za-z][A-Za-z’']+/g);
      expect((words ?? []).filter((word) => !NAMES.has(word)), `${leaf.path}: ${leaf.value}`).toEqual([]);
    }
  });
});
