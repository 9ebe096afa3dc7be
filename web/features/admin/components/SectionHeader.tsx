import type { ReactNode } from 'react';

/** A section's title, one line of context and its main action. */
export function SectionHeader({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <header className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 id="admin-section-title" className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-slate-300">{intro}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </header>
  );
}
