import type { ReactNode } from 'react';

const TITLE_ID = 'staff-section-title';

/**
 * A panel section: its title, a line of context and its actions above its content. Title and actions
 * share a row only from 1024 px: beside the 240 px sidebar a narrower row cannot hold both, and it must
 * never push the page wider than the screen.
 */
export function StaffSection({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={TITLE_ID} className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="mb-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 id={TITLE_ID} className="text-2xl font-bold tracking-tight text-white">
            {title}
          </h1>
          {intro ? <p className="mt-1 text-sm text-slate-300">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
