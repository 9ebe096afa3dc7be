/**
 * The message format of the site's languages (issue 29, docs/decisions/0045-languages.md): one way to
 * write a message for the server and the browser, with plurals by CLDR rules through the platform's
 * own `Intl.PluralRules` (no rule tables shipped) and interpolation that escapes where the result is
 * HTML. A message is a template string, so a page's messages can travel as data:
 *
 * - `{name}`: the value of `name`;
 * - `{count, plural, one {# просмотр} few {# просмотра} many {# просмотров} other {# просмотра}}`:
 *   the branch of `count`'s plural category in the reading's locale (`=0 {…}` for an exact number
 *   first), `#` being the number formatted in that locale.
 *
 * A placeholder without a value is left as written, so a missing value shows instead of vanishing.
 */

/** The readings of a public page: the specification's own (unprefixed), and the wholly English and wholly Russian ones. */
export const READINGS = ['spec', 'en', 'ru'] as const;
export type Reading = (typeof READINGS)[number];

/** The prefixed readings: `/en/…` and `/ru/…`. */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Dates and numbers of each reading: the specification's are Russian (`28.11.2026`, `1 234`); English is British ("27 Nov 2026", `1,234`). */
export const LOCALES: Record<Reading, string> = { spec: 'ru-RU', en: 'en-GB', ru: 'ru-RU' };

/** The language the plural rules of a reading follow: the specification's texts are English, with Russian dates. */
const PLURAL_LOCALES: Record<Reading, string> = { spec: 'en-GB', en: 'en-GB', ru: 'ru-RU' };

export type MessageValues = Readonly<Record<string, string | number>>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** The CLDR plural category of `n` in `reading` (`one`, `few`, `many`, `other`…). */
export function pluralCategory(reading: Reading, n: number): Intl.LDMLPluralRule {
  const locale = PLURAL_LOCALES[reading];
  return cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
}

/** `n` as the reading writes numbers: `1 234` in Russian and in the specification's reading (web/lib/format.ts' counts), `1,234` in English. */
export function formatNumber(reading: Reading, n: number): string {
  const locale = LOCALES[reading];
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(n);
}

/** The `{…}` group starting at `open` (nested braces counted), or -1 when it never closes. */
function groupEnd(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i += 1) {
    if (template[i] === '{') depth += 1;
    else if (template[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The branches of a plural's body: `one {…} other {…}` → { one: '…', other: '…' }. */
function pluralBranches(body: string): Map<string, string> {
  const branches = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open === -1) break;
    const key = body.slice(i, open).trim();
    const close = groupEnd(body, open);
    if (close === -1 || key === '') break;
    branches.set(key, body.slice(open + 1, close));
    i = close + 1;
  }
  return branches;
}

function plural(reading: Reading, body: string, value: number, values: MessageValues, escape: (text: string) => string): string {
  const branches = pluralBranches(body);
  const branch = branches.get(`=${value}`) ?? branches.get(pluralCategory(reading, value)) ?? branches.get('other') ?? '';
  // `#` is the number, the rest of the branch a message of its own, with the same values.
  return branch
    .split('#')
    .map((part) => render(reading, part, values, escape))
    .join(escape(formatNumber(reading, value)));
}

function placeholder(reading: Reading, group: string, values: MessageValues, escape: (text: string) => string): string | undefined {
  const comma = group.indexOf(',');
  const name = (comma === -1 ? group : group.slice(0, comma)).trim();
  const value = values[name];
  if (value === undefined) return undefined;
  if (comma === -1) return escape(typeof value === 'number' ? formatNumber(reading, value) : value);
  const rest = group.slice(comma + 1);
  const kind = rest.slice(0, rest.indexOf(',')).trim();
  if (kind !== 'plural' || typeof value !== 'number') return undefined;
  return plural(reading, rest.slice(rest.indexOf(',') + 1), value, values, escape);
}

function render(reading: Reading, template: string, values: MessageValues, escape: (text: string) => string): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    const close = groupEnd(template, open);
    if (close === -1) break;
    out += escape(template.slice(i, open));
    const group = template.slice(open + 1, close);
    out += placeholder(reading, group, values, escape) ?? escape(template.slice(open, close + 1));
    i = close + 1;
  }
  return out + escape(template.slice(i));
}

const asText = (text: string) => text;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const asHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** The message as text, for React (which escapes what it renders) and plain-text answers. */
export function formatMessage(reading: Reading, template: string, values: MessageValues = {}): string {
  return render(reading, template, values, asText);
}

/** The message as HTML: the template and every value escaped, for HTML built outside React (feeds' content). */
export function formatMessageHtml(reading: Reading, template: string, values: MessageValues = {}): string {
  return render(reading, template, values, asHtml);
}
