import type { ExecutorDetail } from '../../../contract/executors.ts';
import { useI18n } from '../../i18n/messages.ts';
import { PlatformList, StatusBadge, StatusChanged, VersionAndPrice } from './ExecutorFacts.tsx';

/**
 * An executor's page head: its name and status, devices, version and price, when its status changed,
 * how many scripts work on it and were tested with it, and its website (not endorsed: nofollow, ugc).
 */
export function ExecutorHeader({ executor, now, timeZone }: { executor: ExecutorDetail; now: string; timeZone: string }) {
  const { m, t } = useI18n();
  return (
    <header className="mt-3 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{executor.name}</h1>
        <StatusBadge status={executor.status} />
      </div>
      <p className="max-w-2xl text-slate-300">{t(m.executorPage.intro, { name: executor.name })}</p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <PlatformList platforms={executor.platforms} />
        <VersionAndPrice executor={executor} />
        <StatusChanged executor={executor} now={now} timeZone={timeZone} />
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <p data-testid="executor-counts" className="text-slate-300">
          <span>{t(m.executorPage.scriptCount, { n: executor.scripts })}</span>
          <span aria-hidden> · </span>
          <span>{t(m.executorPage.testedCount, { n: executor.tested })}</span>
        </p>
        {executor.website ? (
          <a href={executor.website} target="_blank" rel="nofollow noopener ugc" className="text-violet-300 underline underline-offset-4 hover:text-violet-200">
            {t(m.executorPage.website, { name: executor.name })}
          </a>
        ) : null}
      </div>
    </header>
  );
}

/** No script is known to work on it (and no filter or search narrowed the list): says so, rather than "the catalogue is empty". */
export function NoScripts({ name }: { name: string }) {
  const { m, t } = useI18n();
  return (
    <div className="mx-auto mt-12 max-w-md rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-white">{t(m.executorPage.noScripts, { name })}</h2>
      <p className="mt-2 text-sm text-slate-300">{m.executorPage.noScriptsHint}</p>
    </div>
  );
}
