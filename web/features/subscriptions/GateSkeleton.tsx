import { useI18n } from '../../i18n/messages.ts';

/** The gated area while stored flags are unknown (server render, first client render). */
export function GateSkeleton() {
  const { m } = useI18n();
  return (
    <div aria-busy="true" className="rounded-xl bg-panel p-5 ring-1 ring-white/10 sm:p-6" data-testid="script-gate-pending">
      <p role="status" className="sr-only">
        {m.subscriptions.gate.checking}
      </p>
      <div aria-hidden="true" className="space-y-4 motion-safe:animate-pulse">
        <div className="h-6 w-1/3 rounded bg-slate-700/60" />
        <div className="h-4 w-2/3 rounded bg-slate-700/40" />
        <div className="h-12 rounded-lg bg-slate-700/30" />
        <div className="h-12 rounded-lg bg-slate-700/30" />
      </div>
    </div>
  );
}
