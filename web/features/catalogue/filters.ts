import { DEFAULT_SORT, FORM_FILTER_PARAMS, SCRIPT_SORTS, SEARCH_PARAM, SORT_PARAM } from '../../../contract/catalogue-params.ts';
import { filterParams } from '../../../contract/catalogue-filters.ts';
import type { CatalogueFilter, PublicScript, ScriptCard } from '../../../contract/scripts.ts';

// This module runs in the browser: it imports no schema (zod stays on the server, filters.server.ts).

/** The filter choices a list page shows, as its URL names them (docs/product.md#catalogue-filters). */
export type ListFilters = CatalogueFilter;
/** In the filter bar's order, which a submitted form's URL follows (contract/catalogue-params.ts). */
export const FILTER_NAMES = FORM_FILTER_PARAMS;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The sorts in the order the bar offers them (the messages name each one). */
export const SORTS = SCRIPT_SORTS;

/** The URL query of a search and its filters, defaults left out, in the form's order: `?game=blox-fruits&key=false&sort=trending`. */
export function listSearch(q: string | undefined, filters: ListFilters): string {
  const params = new URLSearchParams();
  if (q) params.set(SEARCH_PARAM, q);
  for (const [name, value] of filterParams(filters)) params.set(name, value);
  if (filters.sort !== undefined && filters.sort !== DEFAULT_SORT) params.set(SORT_PARAM, filters.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** How many filters (a sort other than newest counts as none) narrow the list. */
export function activeFilterCount(filters: ListFilters): number {
  return FILTER_NAMES.filter((name) => name !== SORT_PARAM && filters[name] !== undefined).length;
}

/** A card as the list pages carry it: with its canonical path (scriptPath), made where the card is made. */
export type LinkedCard = ScriptCard & { path: string };

/** A page of a list as the list pages carry it: cards, and how many match in all. */
export interface CardPage {
  scripts: LinkedCard[];
  total: number;
}

/** A list script as a card: the loader text stays out of list pages' HTML and data. */
export function withoutLoader(script: PublicScript | ScriptCard): ScriptCard {
  const { loadstring: _loadstring, ...card } = script as PublicScript;
  return card;
}
