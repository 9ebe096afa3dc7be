import type { ReactNode } from 'react';

/**
 * A section's title, a line of context and its actions. Title and actions share a row only from
 * 1024 px: beside the 240 px sidebar a narrower row cannot hold both, and it must never push the
 * page wider than the screen.
 */
export function SectionHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <h1 id="staff-section-title" className="text-2xl font-bold tracking-tight text-white">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-sm text-slate-300">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
