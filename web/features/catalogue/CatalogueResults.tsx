import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CATALOGUE_NEXT_PAGE } from '../../../contract/constants.ts';
import { Button } from '../../components/ui/Button.tsx';
import { type CardPage, type LinkedCard, type ListFilters, listSearch } from './filters.ts';
import { ScriptCard, ScriptCardSkeleton } from './ScriptCard.tsx';
import { EmptyState, LoadError } from './states.tsx';
import { useI18n } from '../../i18n/messages.ts';

/** Cards added with Load More beyond the server-rendered first page. */
interface Loaded {
  extra: LinkedCard[];
  /** Rows consumed from the server so far: the next request's offset. */
  offset: number;
  total: number;
}

/**
 * Pages loaded with Load More, kept per history entry for this tab's lifetime, so Back from a script
 * returns to the same list (and React Router's scroll restoration finds the same height). Empty on a
 * full page load, so the first render always matches the server's HTML.
 */
const loadedByEntry = new Map<string, Loaded & { query: string }>();
const REMEMBERED_ENTRIES = 30;

function remember(key: string, query: string, loaded: Loaded) {
  loadedByEntry.delete(key);
  loadedByEntry.set(key, { ...loaded, query });
  if (loadedByEntry.size > REMEMBERED_ENTRIES) {
    const oldest = loadedByEntry.keys().next().value;
    if (oldest !== undefined) loadedByEntry.delete(oldest);
  }
}

export interface CatalogueResultsProps {
  /** The loader's first page (CATALOGUE_FIRST_PAGE cards, server-rendered). */
  page: CardPage;
  q: string;
  /** The list's filters and sort, which Load More asks the API for too. */
  filters?: ListFilters;
  /** The list without filters (its search kept), offered when filters leave nothing: a path in the page's reading. */
  clearFilters?: string | undefined;
  timeZone: string;
}

/**
 * The card grid with Load More (docs/product.md#catalogue-paging): the first page comes from the
 * loader, each Load More fetches CATALOGUE_NEXT_PAGE more from the offset reached so far, and the
 * button shows while fewer than `total` have been loaded. Mount it keyed by the location, so a new q
 * (a new navigation) starts from the loader's page again.
 */
export function CatalogueResults({ page, q, filters = {}, clearFilters, timeZone }: CatalogueResultsProps) {
  const { m } = useI18n();
  const location = useLocation();
  const { scripts, loaded, status, announcement, loadMore } = useLoadMore(location.key, page, q, filters);
  const hasMore = loaded.offset < loaded.total;
  const from = `${location.pathname}${location.search}`;

  if (scripts.length === 0) return <EmptyState q={q} clearFilters={clearFilters} />;

  const skeletons = status === 'loading' ? Math.min(CATALOGUE_NEXT_PAGE, loaded.total - loaded.offset) : 0;
  return (
    <>
      <CardGrid scripts={scripts} skeletons={skeletons} busy={status === 'loading'} timeZone={timeZone} from={from} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="mt-10 flex justify-center">
        {status === 'error' ? (
          <LoadError onRetry={loadMore} />
        ) : hasMore ? (
          <Button
            variant="secondary"
            size="lg"
            className="min-w-48"
            onClick={loadMore}
            loading={status === 'loading'}
            aria-disabled={status === 'loading' || undefined}
          >
            {m.catalogue.loadMore}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/**
 * The first page's cards and those Load More added (remembered for the history entry `entryKey`), with
 * Load More itself, its status and its screen-reader announcement.
 */
function useLoadMore(entryKey: string, page: CardPage, q: string, filters: ListFilters) {
  const { m, t } = useI18n();
  const query = listSearch(q, filters);
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const restored = loadedByEntry.get(entryKey);
    if (restored && restored.query === query) return restored;
    return { extra: [], offset: page.scripts.length, total: page.total };
  });
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [announcement, setAnnouncement] = useState('');
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);
  useEffect(() => {
    if (loaded.extra.length > 0) remember(entryKey, query, loaded);
  }, [entryKey, query, loaded]);

  const firstIds = new Set(page.scripts.map((script) => script.id));
  const extra = loaded.extra.filter((script) => !firstIds.has(script.id));
  const scripts = [...page.scripts, ...extra];

  const loadMore = async () => {
    if (status === 'loading') return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    setAnnouncement(m.catalogue.loadingMore);
    try {
      // The request and the slug rules load with the first Load More (the first page's cards came with their paths).
      const [next, { scriptPath }] = await Promise.all([
        import('./api.ts').then((api) => api.fetchScriptsPage({ limit: CATALOGUE_NEXT_PAGE, offset: loaded.offset, q: q || undefined, filters }, controller.signal)),
        import('./card-path.ts'),
      ]);
      if (controller.signal.aborted) return;
      setLoaded((previous) => {
        const seen = new Set([...firstIds, ...previous.extra.map((script) => script.id)]);
        const fresh = next.scripts.filter((script) => !seen.has(script.id)).map((script) => ({ ...script, path: scriptPath(script) }));
        const offset = previous.offset + next.scripts.length;
        // An empty page means the catalogue shrank meanwhile: what is shown is everything.
        return { extra: [...previous.extra, ...fresh], offset, total: next.scripts.length === 0 ? offset : next.total };
      });
      setStatus('idle');
      setAnnouncement(t(m.catalogue.loadedMore, { count: next.scripts.length }));
    } catch {
      if (controller.signal.aborted) return;
      setStatus('error');
      setAnnouncement('');
    }
  };

  return { scripts, loaded, status, announcement, loadMore };
}

/** The cards, then a skeleton for each card a Load More under way will add. */
function CardGrid({ scripts, skeletons, busy, timeZone, from }: { scripts: LinkedCard[]; skeletons: number; busy: boolean; timeZone: string; from: string }) {
  const { m } = useI18n();
  return (
    <ul aria-label={m.catalogue.listLabel} aria-busy={busy || undefined} className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {scripts.map((script, index) => (
        <li key={script.id}>
          <ScriptCard script={script} timeZone={timeZone} from={from} priority={index === 0 ? 'high' : index < 4 ? 'eager' : 'lazy'} />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, index) => (
        <li key={`skeleton-${index}`} aria-hidden data-testid="card-skeleton">
          <ScriptCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
