import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; showing: (from: number, to: number, total: number) => string; nav: string };
}

/** Which page numbers to show: first, last, and two around the current one, with gaps. */
export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  }
  return result;
}

/** Previous / numbered / next buttons and "Showing X - Y of Z"; renders nothing within one page. */
export function Pagination({ page, pageSize, total, onPage, labels }: PaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const button = 'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm ring-1 ring-inset ring-white/15 disabled:opacity-50';
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-300">{labels.showing(from, to, total)}</p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={labels.previous}>
            <ChevronLeft aria-hidden className="h-4 w-4" />
          </button>
        </li>
        {pageNumbers(page, pages).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={cn(button, n === page ? 'bg-violet-600 text-white ring-violet-500' : 'hover:bg-white/10')}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={labels.next}>
            <ChevronRight aria-hidden className="h-4 w-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
