import { CircleAlert, X } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** A failure's text above a list or a form (docs/product.md#error-texts: the server's `error`, else a default). */
export interface ErrorBannerProps {
  message: string;
  onDismiss?: () => void;
  dismissLabel?: string;
  /** A retry button, e.g. for a list that failed to load. */
  retry?: { label: string; onRetry: () => void; busy?: boolean };
  className?: string;
}

export function ErrorBanner({ message, onDismiss, dismissLabel, retry, className }: ErrorBannerProps) {
  return (
    <div role="alert" className={cn('flex items-start gap-3 rounded-lg bg-red-500/10 px-4 py-3 text-sm text-red-100 ring-1 ring-inset ring-red-400/40', className)}>
      <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-red-300" />
      <p className="min-w-0 flex-1">{message}</p>
      {retry ? (
        <button
          type="button"
          onClick={retry.onRetry}
          disabled={retry.busy}
          className="-my-1 shrink-0 rounded-md px-2 py-1 font-semibold text-white ring-1 ring-inset ring-white/20 hover:bg-white/10 disabled:opacity-60"
        >
          {retry.label}
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" onClick={onDismiss} aria-label={dismissLabel} className="-m-1 rounded p-1 text-red-200 hover:bg-white/10 hover:text-white">
          <X aria-hidden className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
