import { type CatalogueFilter, catalogueFilterSchema, type PublicScript, type ScriptCard, type ScriptSort, searchTextSchema } from '../../../contract/scripts.ts';

/** The filter choices a list page shows, as its URL names them (docs/product.md#catalogue-filters). */
export type ListFilters = Omit<CatalogueFilter, 'game'> & { game?: string | undefined };
export const FILTER_NAMES = ['game', 'universal', 'key', 'patched', 'verified', 'sort'] as const;
type FilterName = (typeof FILTER_NAMES)[number];

/**
 * The page's search and filters from its URL. Each parameter is read on its own: a blank one is
 * none, and a value the API would refuse (`sort=best`) is dropped rather than failing the page, so a
 * stale or hand-edited link still shows a list (docs/decisions.md#catalogue-filters-in-the-url).
 */
export function readListQuery(search: URLSearchParams, names: readonly FilterName[] = FILTER_NAMES): { q: string | undefined; filters: ListFilters } {
  const q = searchTextSchema.safeParse(search.get('q') ?? undefined).data;
  const filters: Record<string, unknown> = {};
  for (const name of names) {
    const raw = search.get(name);
    if (raw === null || raw === '') continue;
    const parsed = catalogueFilterSchema.shape[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  return { q, filters: filters as ListFilters };
}

/** The URL query of a search and its filters, defaults left out: `?game=blox-fruits&key=false&sort=trending`. */
export function listSearch(q: string | undefined, filters: ListFilters): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined || (name === 'sort' && value === 'newest')) continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** How many filters (a sort other than newest counts as none) narrow the list. */
export function activeFilterCount(filters: ListFilters): number {
  return FILTER_NAMES.filter((name) => name !== 'sort' && filters[name] !== undefined).length;
}

export function isSort(value: string): value is ScriptSort {
  return catalogueFilterSchema.shape.sort.safeParse(value).success;
}

/** A page of a list as the list pages carry it: cards, and how many match in all. */
export interface CardPage {
  scripts: ScriptCard[];
  total: number;
}

/** A list's page as cards (toCard). */
export function toCardPage(page: { scripts: (PublicScript | ScriptCard)[]; total: number }): CardPage {
  return { scripts: page.scripts.map(toCard), total: page.total };
}

/** A list script as a card: the loader text stays out of list pages' HTML and data. */
export function toCard(script: PublicScript | ScriptCard): ScriptCard {
  const { loadstring: _loadstring, ...card } = script as PublicScript;
  return card;
}
