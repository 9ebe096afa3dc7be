import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_FILTER_NAMES,
  CATALOGUE_FILTERS,
  type FilterDeclaration,
  filterParam,
  filterParams,
  filtersBut,
  FORM_FILTERS,
  type FilterValues,
  REFUSING_UNKNOWN,
} from './catalogue-filters.ts';
import { FORM_FILTER_PARAMS, LIST_FILTER_PARAMS, PAGE_PARAMS, pageMatcher, PAGES_A_WRITE_REACHES, SORT_PARAM } from './catalogue-params.ts';
import { catalogueFilterSchema } from './scripts.ts';

// The filters' declarations and what is derived from them without a database: the lists the readers
// share, how a value is written into an address and read back (the API's schema, which the pages read
// with too), and the pages a filter has and reaches.

const DECLARATIONS: readonly FilterDeclaration[] = CATALOGUE_FILTERS;

/** Values a filter of each kind takes, as an address writes them and as they are read back. */
function samples(filter: FilterDeclaration): [string, unknown][] {
  if (filter.kind === 'flag') return [['true', true], ['false', false]];
  if (filter.kind === 'choice') return filter.choices.map((choice) => [choice, choice]);
  return [['blox-fruits', 'blox-fruits'], ['a', 'a'], ['x'.repeat(filter.slug.maxLength), 'x'.repeat(filter.slug.maxLength)]];
}

/** Values each kind refuses, with the words of the refusal. */
function refused(filter: FilterDeclaration): [string, string][] {
  if (filter.kind === 'flag') return [['yes', 'must be true or false'], ['TRUE', 'must be true or false'], ['', 'must be true or false']];
  if (filter.kind === 'choice') return [['PC', `must be one of ${filter.choices.join(', ')}`], ['', 'must be one of']];
  const slug = `must be ${filter.slug.noun} (lower-case letters, digits and hyphens)`;
  return [['Bad Slug', slug], ['blox_fruits', slug], ['-blox', slug], ['', slug], ['x'.repeat(filter.slug.maxLength + 1), `must be at most ${filter.slug.maxLength} characters`]];
}

const shape = catalogueFilterSchema.shape as unknown as Record<string, { safeParse(raw: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }>;

describe('each filter read from a query parameter (the API\'s schema, built from its declaration)', () => {
  it.each(DECLARATIONS.map((filter) => [filter.name, filter] as const))('%s reads what an address writes', (_, filter) => {
    for (const [raw, value] of samples(filter)) {
      expect(shape[filter.name]?.safeParse(raw).data, raw).toEqual(value);
      expect(filterParam(value as string | boolean)).toBe(raw);
    }
  });

  it.each(DECLARATIONS.map((filter) => [filter.name, filter] as const))('%s refuses a malformed value, naming itself', (_, filter) => {
    for (const [raw, words] of refused(filter)) {
      const parsed = shape[filter.name]?.safeParse(raw);
      expect(parsed?.success, raw).toBe(false);
      expect(parsed?.error?.issues.map((issue) => issue.message).join('; '), raw).toContain(`${filter.name} ${words}`);
    }
  });

  it('reads a parameter that is absent as no filter, and a repeated one as a malformed value', () => {
    for (const filter of DECLARATIONS) {
      expect(shape[filter.name]?.safeParse(undefined).data).toBeUndefined();
      expect(shape[filter.name]?.safeParse([samples(filter)[0]?.[0], samples(filter)[0]?.[0]]).success).toBe(false);
    }
  });
});

describe('a filter written into an address', () => {
  it('writes the filters given a value, in the form\'s order, and nothing for the others', () => {
    const values: FilterValues = { verified: true, executor: 'delta', key: false, game: 'doors', platform: 'mobile' };
    expect(filterParams(values)).toEqual([['game', 'doors'], ['platform', 'mobile'], ['executor', 'delta'], ['key', 'false'], ['verified', 'true']]);
    expect(filterParams({})).toEqual([]);
    expect(filterParams({ universal: undefined, patched: false })).toEqual([['patched', 'false']]);
  });

  it('puts the selects first, as declared, then the checkboxes by their position', () => {
    const selects = DECLARATIONS.filter((filter) => filter.kind !== 'flag').map((filter) => filter.name);
    const flags = DECLARATIONS.flatMap((filter) => (filter.kind === 'flag' ? [filter] : []));
    const positions = flags.map((flag) => flag.formPosition);
    expect(new Set(positions).size).toBe(flags.length);
    expect(FORM_FILTERS.map((filter) => filter.name)).toEqual([...selects, ...[...flags].sort((a, b) => a.formPosition - b.formPosition).map((flag) => flag.name)]);
    expect(FORM_FILTER_PARAMS).toEqual([...FORM_FILTERS.map((filter) => filter.name), SORT_PARAM]);
  });
});

describe('the lists and pages derived from the declarations', () => {
  it('names each filter once, each flag with its own column and search token', () => {
    expect(new Set(CATALOGUE_FILTER_NAMES).size).toBe(DECLARATIONS.length);
    const flags = DECLARATIONS.flatMap((filter) => (filter.kind === 'flag' ? [filter] : []));
    expect(new Set(flags.map((flag) => flag.column)).size).toBe(flags.length);
    expect(new Set(flags.map((flag) => flag.token)).size).toBe(flags.length);
    expect(LIST_FILTER_PARAMS).toEqual([...CATALOGUE_FILTER_NAMES, SORT_PARAM]);
    expect(Object.keys(catalogueFilterSchema.shape)).toEqual([...CATALOGUE_FILTER_NAMES, SORT_PARAM]);
  });

  it('gives each filter\'s page every list parameter but its own, and keeps the other pages', () => {
    for (const filter of DECLARATIONS) {
      if (filter.page === undefined) continue;
      expect(PAGE_PARAMS[filter.page]).toEqual([...filtersBut(filter.name as (typeof CATALOGUE_FILTER_NAMES)[number]), SORT_PARAM]);
      expect(PAGE_PARAMS[filter.page]).not.toContain(filter.name);
    }
    expect(PAGE_PARAMS['/scripts']).toEqual(LIST_FILTER_PARAMS);
    expect(Object.keys(PAGE_PARAMS)).toEqual(['/scripts', ...DECLARATIONS.flatMap((filter) => (filter.page === undefined ? [] : [filter.page])), '/subscribe', '/sitemap.xml']);
  });

  it('lets a script\'s change reach every page a filter lists or counts scripts on', () => {
    const reached = DECLARATIONS.flatMap((filter) => filter.reaches ?? []);
    expect(PAGES_A_WRITE_REACHES.script).toEqual(['/scripts', '/sitemap.xml', '/feed.xml', ...reached, '/scripts/{id}']);
    // A filter's own page is among the pages it reaches.
    for (const filter of DECLARATIONS) if (filter.page) expect(filter.reaches?.some((pattern) => pageMatcher(pattern)(filter.page?.replace('{slug}', 'x') ?? ''))).toBe(true);
  });

  it('refuses on the API exactly the unknown values of the slug filters declared so', () => {
    expect(REFUSING_UNKNOWN).toEqual(DECLARATIONS.flatMap((filter) => (filter.kind === 'slug' && filter.unknown === 'refused' ? [filter.name] : [])));
  });
});
