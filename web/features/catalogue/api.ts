import type { PaginatedScripts } from '../../../contract/scripts.ts';
import { type ListFilters, listSearch } from './filters.ts';

export class CatalogueRequestError extends Error {
  constructor(readonly status: number) {
    super(`catalogue request failed with HTTP ${status}`);
    this.name = 'CatalogueRequestError';
  }
}

function isPage(value: unknown): value is PaginatedScripts {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<PaginatedScripts>;
  return Array.isArray(page.scripts) && typeof page.total === 'number';
}

/**
 * One page of GET /api/scripts/paginated (docs/product.md#public-calls) with the list's search and filters, with plain fetch: the public pages
 * carry no query library. Rejects on a network error, a non-2xx answer or a malformed body.
 */
export async function fetchScriptsPage(
  { limit, offset, q, filters = {} }: { limit: number; offset: number; q?: string | undefined; filters?: ListFilters },
  signal?: AbortSignal,
): Promise<PaginatedScripts> {
  // The page's own search and filters (listSearch's names are the API's), then the window.
  const params = new URLSearchParams(listSearch(q, filters));
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  const response = await fetch(`/api/scripts/paginated?${params}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new CatalogueRequestError(response.status);
  const body: unknown = await response.json();
  if (!isPage(body)) throw new CatalogueRequestError(response.status);
  return body;
}
