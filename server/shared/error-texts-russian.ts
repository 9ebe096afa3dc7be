import { formatMessage, type MessageValues } from '../../contract/i18n.ts';
import { ERROR_TEXTS_RU } from './error-texts.ts';

// Choosing the language of an error answer and finding an English text's Russian one
// (docs/decisions/0045-languages.md, "API errors in Russian").

type Template = keyof typeof ERROR_TEXTS_RU;

interface Pattern {
  template: Template;
  regex: RegExp;
  names: string[];
  /** Characters of fixed text: the more, the more specific, so tried first. */
  fixed: number;
}

const exact = new Map<string, Template>();
const patterns: Pattern[] = [];

for (const template of Object.keys(ERROR_TEXTS_RU) as Template[]) {
  // Split on placeholders: even parts are fixed text, odd parts the values' names.
  const parts = template.split(/\{(\w+)\}/);
  if (parts.length === 1) {
    exact.set(template, template);
    continue;
  }
  const fixedParts = parts.filter((_, i) => i % 2 === 0);
  const source = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  patterns.push({
    template,
    regex: new RegExp(`^${source}$`, 's'),
    names: parts.filter((_, i) => i % 2 === 1),
    fixed: fixedParts.join('').length,
  });
}
patterns.sort((a, b) => b.fixed - a.fixed);

/** A limit written in digits ("64", "10,000") is a number, so Russian plurals can follow it. */
function valueOf(text: string): string | number {
  return /^(?:\d{1,15}|\d{1,3}(?:,\d{3})+)$/.test(text) ? Number(text.replace(/,/g, '')) : text;
}

/** The catalogue's template an English text was written from, and its values; undefined when none. */
export function matchErrorText(english: string): { template: Template; values: MessageValues } | undefined {
  const fixed = exact.get(english);
  if (fixed !== undefined) return { template: fixed, values: {} };
  return matchPattern(english);
}

function matchPattern(english: string): { template: Template; values: MessageValues } | undefined {
  for (const pattern of patterns) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    pattern.names.forEach((name, i) => (values[name] = valueOf(match[i + 1] as string)));
    return { template: pattern.template, values };
  }
  return undefined;
}

/**
 * The Russian of a server text, or undefined when the catalogue has none. "<field>: <text>" (how a
 * validation answer leads with its first field) keeps the field and translates the text.
 */
export function russianErrorText(english: string): string | undefined {
  const ru = (found: { template: Template; values: MessageValues }) => formatMessage('ru', ERROR_TEXTS_RU[found.template], found.values);
  const fixed = exact.get(english);
  if (fixed !== undefined) return ru({ template: fixed, values: {} });
  // The field first, so that "{label} …" does not take "playsname: Script Name" for its label.
  const led = /^([A-Za-z][\w.]*): (.+)$/s.exec(english);
  const rest = led && matchErrorText(led[2] as string);
  if (led && rest) return `${led[1]}: ${ru(rest)}`;
  const found = matchPattern(english);
  return found && ru(found);
}

/** Longer than any browser sends: read no further, and answer in English. */
const MAX_ACCEPT_LANGUAGE = 1024;
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

interface Preference {
  q: number;
  at: number;
}

/** One item's range and quality, or undefined when it is not well formed (then it is ignored). */
function parseItem(item: string): { range: string; q: number } | undefined {
  const [range = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
  if (!RANGE.test(range)) return undefined;
  let q = 1;
  for (const param of params) {
    if (!param.startsWith('q')) continue;
    const quality = QUALITY.exec(param.replace(/\s+/g, ''));
    if (!quality) return undefined;
    q = Number(quality[1]);
  }
  return { range, q };
}

/**
 * Whether an `Accept-Language` header prefers Russian to English (RFC 9110 §12.5.4): by quality,
 * then by order; `*` stands for a language not named. Anything unreadable, or a header too long
 * for any browser, means English: the language never turns an answer into a failure.
 */
export function prefersRussian(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || header.length > MAX_ACCEPT_LANGUAGE) return false;
  const named: Record<'ru' | 'en' | '*', Preference | undefined> = { 'ru': undefined, 'en': undefined, '*': undefined };
  header.split(',').forEach((item, at) => {
    const parsed = parseItem(item);
    if (!parsed) return;
    const language = parsed.range === '*' ? '*' : parsed.range.split('-')[0];
    if (language !== 'ru' && language !== 'en' && language !== '*') return;
    const seen = named[language];
    if (!seen || parsed.q > seen.q) named[language] = { q: parsed.q, at: seen?.at ?? at };
  });
  // Russian only when named: `*` alone leaves the answer as it always was, in English.
  const russian = named.ru;
  const english = named.en ?? named['*'];
  if (!russian || russian.q === 0) return false;
  if (!english) return true;
  return russian.q > english.q || (russian.q === english.q && russian.at < english.at);
}
