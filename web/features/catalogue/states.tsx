import { CircleAlert, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { useI18n } from '../../i18n/messages.ts';
import { specPath } from '../../i18n/reading.ts';

/**
 * Scripts not found: an empty catalogue, a search without matches, or filters that leave nothing;
 * `clearFilters` (the list with its search but no filters, a path in the page's reading) is offered
 * when filters are on.
 */
export function EmptyState({ q, clearFilters }: { q: string; clearFilters?: string | undefined }) {
  const { m, path } = useI18n();
  const t = m.catalogue;
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <SearchX aria-hidden className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-white">{t.empty}</h2>
      <p className="mt-2 text-sm text-slate-300">{clearFilters ? t.emptyFiltersHint : q ? t.emptyHint : t.emptyCatalogueHint}</p>
      {clearFilters || q ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {clearFilters ? (
            // In the page's reading, whether the caller gave it prefixed or not.
            <Link to={path(specPath(clearFilters))} className={buttonClasses()}>
              {t.clearFilters}
            </Link>
          ) : null}
          {q ? (
            <Link to={path('/scripts')} className={buttonClasses({ variant: 'secondary' })}>
              {t.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export interface LoadErrorProps {
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}

/** Не удалось загрузить скрипты, with Попробовать снова (docs/product.md#error-texts). */
export function LoadError({ onRetry, retrying = false, className }: LoadErrorProps) {
  const t = useI18n().m.catalogue;
  return (
    <div
      role="alert"
      className={cn('mx-auto flex max-w-md flex-col items-center rounded-2xl bg-red-500/10 px-6 py-8 text-center ring-1 ring-red-400/30', className)}
    >
      <CircleAlert aria-hidden className="h-8 w-8 text-red-300" />
      <p className="mt-3 font-semibold text-white">{t.loadFailed}</p>
      <p className="mt-1 text-sm text-slate-300">{t.loadFailedHint}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} loading={retrying} aria-disabled={retrying || undefined}>
        {t.retry}
      </Button>
    </div>
  );
}
