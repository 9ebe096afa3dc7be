import { EXECUTOR_LIMITS, GAME_LIMITS, SCRIPT_TYPE_LIMITS } from './constants.ts';
import { PLATFORM_SIDES } from './platforms.ts';

/**
 * The catalogue's filters, each declared once (docs/decisions/0057-filters-one-definition.md): its query
 * parameter (`name`), how the API reads it (`kind` with its rule: `contract/scripts.ts` builds the
 * schema, which the pages read with too), what a value no row has does, the pages it has or reaches,
 * and how the filter form shows it (`label` and the other `…Label` fields are keys of the messages'
 * `catalogue.filters`). `server/db/catalogue-filters.ts` holds, under the same names, how each one
 * narrows the SQL; everything else loops over this list. No zod here: the browser imports it.
 *
 * The order is the API schema's, the listing's cache key's and the SQL conditions'. The form shows
 * the select filters in this order, then the checkboxes by `formPosition`, and a list URL follows it.
 */
export const CATALOGUE_FILTERS = [
  {
    name: 'game',
    kind: 'slug',
    slug: { noun: 'a game slug', maxLength: GAME_LIMITS.slugMax },
    meaning: 'Only scripts for this game (its slug)',
    // A slug no game has: an empty list, on the API and the pages.
    unknown: 'empty',
    page: '/games/{slug}',
    // The games list and a game's pages and feed count or list its scripts.
    reaches: ['/games', '/games/*'],
    label: 'game',
    allLabel: 'allGames',
  },
  {
    name: 'universal',
    kind: 'flag',
    column: 'universal',
    token: 'zu',
    meaning: 'true: only universal scripts; false: only scripts for one game',
    formValue: true,
    formPosition: 1,
    label: 'universal',
  },
  {
    name: 'key',
    kind: 'flag',
    column: 'key_system',
    token: 'zk',
    meaning: 'true: only scripts with a key system; false: only scripts without one',
    formValue: false,
    formPosition: 0,
    label: 'noKey',
  },
  { name: 'patched', kind: 'flag', column: 'patched', token: 'zp', meaning: 'true: only patched scripts; false: only working ones', formValue: false, formPosition: 3, label: 'working' },
  { name: 'verified', kind: 'flag', column: 'verified', token: 'zv', meaning: 'true: only verified scripts; false: only unverified ones', formValue: true, formPosition: 2, label: 'verified' },
  {
    name: 'platform',
    kind: 'choice',
    choices: PLATFORM_SIDES,
    meaning: 'pc: only scripts that work on Windows or Mac; mobile: on Android or iOS (see a script\'s platforms)',
    label: 'platform',
    allLabel: 'allPlatforms',
    choiceLabels: 'platforms',
  },
  {
    name: 'executor',
    kind: 'slug',
    slug: { noun: 'an executor slug', maxLength: EXECUTOR_LIMITS.slugMax },
    meaning: 'Only scripts that work on this executor (its slug): tested with it by staff, or more yes than no answers of the last 30 days. An unknown slug is a 400',
    // The API refuses a slug no executor has (docs/decisions/0039-executors-and-compatibility.md); a page shows an empty list.
    unknown: 'refused',
    page: '/executors/{slug}',
    reaches: ['/executors', '/executors/*'],
    label: 'executor',
    allLabel: 'allExecutors',
  },
  {
    name: 'type',
    kind: 'slug',
    slug: { noun: 'a script type slug', maxLength: SCRIPT_TYPE_LIMITS.slugMax },
    meaning: 'Only scripts of this type (its slug: auto-farm, esp, …; GET /api/types). An unknown slug is a 400',
    // As executors: the API refuses a slug no type has (docs/decisions/0063-script-types.md); a page shows an empty list.
    unknown: 'refused',
    page: '/types/{slug}',
    reaches: ['/types', '/types/*'],
    label: 'type',
    allLabel: 'allTypes',
  },
] as const satisfies readonly FilterDeclaration[];

/** What a declaration says, whatever its kind. */
interface FilterBase {
  /** The query parameter, and the key in a filter's values. */
  readonly name: string;
  /** The API's description of the parameter (OpenAPI). */
  readonly meaning: string;
  /** The list page of one value (its path names it), which reads every other filter. */
  readonly page?: string;
  /** The pages (as in PAGE_PARAMS, `*` for every page under a prefix) that list or count scripts by this filter: a script's change reaches them. */
  readonly reaches?: readonly string[];
  /** The message (`catalogue.filters`) naming the form's control. */
  readonly label: string;
}

/** true or false, a checkbox that puts `formValue` in the URL. */
export interface FlagDeclaration extends FilterBase {
  readonly kind: 'flag';
  /** The stored column it tests (scripts, script_facets, the facets' copies and indexes). */
  readonly column: string;
  /** Its SQLite search index token, followed by 0 or 1. */
  readonly token: string;
  readonly formValue: boolean;
  /** Where the form shows the checkbox among the flags (and where a list URL writes it). */
  readonly formPosition: number;
}

/** One of a few fixed values, a select whose options are named by the messages under `choiceLabels`. */
export interface ChoiceDeclaration extends FilterBase {
  readonly kind: 'choice';
  readonly choices: readonly [string, ...string[]];
  readonly allLabel: string;
  readonly choiceLabels: string;
}

/** A slug of rows the admin keeps (games, executors), a select of those the page's loader gives. */
export interface SlugDeclaration extends FilterBase {
  readonly kind: 'slug';
  /** The slug's rule: `<name> must be <noun> (lower-case letters, digits and hyphens)`, at most `maxLength` characters. */
  readonly slug: { readonly noun: string; readonly maxLength: number };
  /** A well-formed slug no row has: an empty list, or refused by the API with a 400 (the pages always show an empty list). */
  readonly unknown: 'empty' | 'refused';
  readonly allLabel: string;
}

export type FilterDeclaration = FlagDeclaration | ChoiceDeclaration | SlugDeclaration;

export type CatalogueFilterDeclaration = (typeof CATALOGUE_FILTERS)[number];
export type FilterName = CatalogueFilterDeclaration['name'];
type DeclarationOf<N extends FilterName> = Extract<CatalogueFilterDeclaration, { name: N }>;

/** The value a filter holds once read: a flag's boolean, a choice, a slug. */
export type FilterValue<N extends FilterName> =
  DeclarationOf<N> extends { kind: 'flag' } ? boolean : DeclarationOf<N> extends { choices: readonly (infer C)[] } ? C : string;

/** Some filters' values, each by its name. */
export type FilterValues = { [N in FilterName]?: FilterValue<N> | undefined };

/** The filters shown as selects (choices and slugs), and those the API refuses an unknown value of. */
export type SelectFilterName = Exclude<CatalogueFilterDeclaration, { kind: 'flag' }>['name'];
export type SlugFilterName = Extract<CatalogueFilterDeclaration, { kind: 'slug' }>['name'];
export type RefusingFilterName = Extract<CatalogueFilterDeclaration, { unknown: 'refused' }>['name'];

/** The declarations as their common shape, for loops over every filter. */
export const FILTER_DECLARATIONS: readonly FilterDeclaration[] = CATALOGUE_FILTERS;
export const CATALOGUE_FILTER_NAMES: readonly FilterName[] = CATALOGUE_FILTERS.map((filter) => filter.name);

/** The declaration of a filter by name. */
export function filterDeclaration<N extends FilterName>(name: N): DeclarationOf<N> {
  return CATALOGUE_FILTERS.find((filter) => filter.name === name) as DeclarationOf<N>;
}

/** The filters the API refuses an unknown value of. */
export const REFUSING_UNKNOWN: readonly RefusingFilterName[] = CATALOGUE_FILTERS.flatMap((filter) => (filter.kind === 'slug' && filter.unknown === 'refused' ? [filter.name] : []));

/** The flag filters' declarations. */
export type FlagFilter = Extract<CatalogueFilterDeclaration, { kind: 'flag' }>;
export const isFlagFilter = (filter: CatalogueFilterDeclaration): filter is FlagFilter => filter.kind === 'flag';

/** The filters in the form's order: the selects as declared, then the checkboxes by `formPosition`. A list URL follows it. */
export const FORM_FILTERS: readonly CatalogueFilterDeclaration[] = [
  ...CATALOGUE_FILTERS.filter((filter) => !isFlagFilter(filter)),
  ...CATALOGUE_FILTERS.filter(isFlagFilter).sort((a, b) => a.formPosition - b.formPosition),
];

/** A filter's value as an address writes it (`true`, `pc`, `blox-fruits`). */
export function filterParam(value: string | boolean): string {
  return String(value);
}

/** The filters given a value, as query parameters in the form's order (the order a submitted form writes them). */
export function filterParams(values: FilterValues): [FilterName, string][] {
  return FORM_FILTERS.flatMap(({ name }) => {
    const value = values[name];
    return value === undefined ? [] : [[name, filterParam(value)]];
  });
}

/** The list page that names one value of a filter in its path reads every other filter: these. */
export function filtersBut(name: FilterName): FilterName[] {
  return CATALOGUE_FILTER_NAMES.filter((other) => other !== name);
}
