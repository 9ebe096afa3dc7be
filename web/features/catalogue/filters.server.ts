import { SEARCH_PARAM } from '../../../contract/catalogue-params.ts';
import { type PublicScript, catalogueFilterSchema, searchTextSchema } from '../../../contract/scripts.ts';
import { scriptPath } from '../../../contract/slugs.ts';
import { type CardPage, FILTER_NAMES, type FilterName, type LinkedCard, type ListFilters, withoutLoader } from './filters.ts';

/**
 * The page's search and filters from its URL. Each parameter is read on its own: a blank one is
 * none, and a value the API would refuse (`sort=best`) is dropped rather than failing the page, so a
 * stale or hand-edited link still shows a list (docs/decisions/0016-script-urls-and-filters-in-the-url.md#catalogue-filters-in-the-url).
 */
export function readListQuery(search: URLSearchParams, names: readonly FilterName[] = FILTER_NAMES): { q: string | undefined; filters: ListFilters } {
  const q = searchTextSchema.safeParse(search.get(SEARCH_PARAM) ?? undefined).data;
  const filters: Record<string, unknown> = {};
  for (const name of names) {
    const raw = search.get(name);
    if (raw === null || raw === '') continue;
    const parsed = catalogueFilterSchema.shape[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  return { q, filters: filters as ListFilters };
}

/** The executors as the filter bar offers them: slug and name only, in the list's order (working first). */
export function executorChoices(executors: { slug: string; name: string }[]): { slug: string; name: string }[] {
  return executors.map(({ slug, name }) => ({ slug, name }));
}

/** A list script as a card with its path: made on the server, so the page's code needs no slug rules. */
export function toLinkedCard(script: PublicScript): LinkedCard {
  return { ...withoutLoader(script), path: scriptPath(script) };
}

export function toCardPage(page: { scripts: PublicScript[]; total: number }): CardPage {
  return { scripts: page.scripts.map(toLinkedCard), total: page.total };
}
