import { Link } from 'react-router';
import type { Executor } from '../../../contract/executors.ts';
import { useI18n } from '../../i18n/messages.ts';
import { PlatformList, StatusBadge, StatusChanged, VersionAndPrice } from './ExecutorFacts.tsx';
import { executorPath } from './links.ts';

/**
 * /executors: every executor (working first, then by name), each a card linking to its page with its
 * status, devices, version, price and when its status changed (docs/product.md#executors-page).
 */
export function ExecutorList({ executors, now, timeZone }: { executors: readonly Executor[]; now: string; timeZone: string }) {
  const { m, path } = useI18n();
  const t = m.executorList;
  if (executors.length === 0) {
    return (
      <div className="mx-auto mt-12 max-w-md rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
        <h2 className="text-xl font-semibold text-white">{t.empty}</h2>
        <p className="mt-2 text-sm text-slate-300">{t.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t.listLabel} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {executors.map((executor) => (
        <li key={executor.id} data-executor={executor.slug}>
          {/* The name is the link; its ::after covers the card, so the whole card opens the page. */}
          <article className="relative flex h-full flex-col gap-3 rounded-2xl bg-panel p-4 ring-1 ring-white/10 transition focus-within:ring-2 focus-within:ring-violet-300 hover:ring-violet-400/50">
            <div className="flex items-start justify-between gap-3">
              <h2 className="min-w-0 truncate text-lg font-semibold text-white">
                <Link to={path(executorPath(executor.slug))} className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none">
                  {executor.name}
                </Link>
              </h2>
              <StatusBadge status={executor.status} />
            </div>
            <PlatformList platforms={executor.platforms} />
            <VersionAndPrice executor={executor} />
            <div className="mt-auto">
              <StatusChanged executor={executor} now={now} timeZone={timeZone} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
