import { Monitor, Smartphone } from 'lucide-react';
import type { Executor } from '../../../contract/executors.ts';
import type { ExecutorStatus, Platform } from '../../../contract/platforms.ts';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';
import { timeAgo } from './time.ts';

/** Each status's colours: green can be used today, amber soon again, red and grey not. */
const STATUS_CLASSES: Record<ExecutorStatus, string> = {
  working: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  updating: 'bg-amber-500/15 text-amber-200 ring-amber-400/40',
  patched: 'bg-red-500/15 text-red-200 ring-red-400/40',
  discontinued: 'bg-slate-500/20 text-slate-300 ring-slate-400/40',
};

/** A computer or a phone: the side of the catalogue's platform filter; the name beside it says which system. */
const PLATFORM_ICONS: Record<Platform, typeof Monitor> = { windows: Monitor, mac: Monitor, android: Smartphone, ios: Smartphone };

/** The executor's status as a badge whose words say it (colour only repeats them). */
export function StatusBadge({ status }: { status: ExecutorStatus }) {
  const { m } = useI18n();
  return (
    <span data-status={status} className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', STATUS_CLASSES[status])}>
      {m.executorFacts.statuses[status]}
    </span>
  );
}

/** The devices it runs on, in PLATFORMS' order, each an icon and its name. */
export function PlatformList({ platforms }: { platforms: readonly Platform[] }) {
  const { m } = useI18n();
  return (
    <ul aria-label={m.executorFacts.platformsLabel} className="flex flex-wrap gap-1.5">
      {platforms.map((platform) => {
        const Icon = PLATFORM_ICONS[platform];
        return (
          <li key={platform} data-platform={platform} className="inline-flex items-center gap-1 rounded-md bg-white/5 px-2 py-0.5 text-xs text-slate-200 ring-1 ring-white/10">
            <Icon aria-hidden className="h-3.5 w-3.5 text-slate-400" />
            {m.executorFacts.platforms[platform]}
          </li>
        );
      })}
    </ul>
  );
}

/** A past moment as words ("3 days ago"), its exact time in `datetime` and its date on hover, in the page's reading. */
export function TimeAgo({ iso, now, timeZone }: { iso: string; now: string; timeZone: string }) {
  const i18n = useI18n();
  return (
    <time dateTime={iso} title={i18n.date(iso, timeZone)}>
      {timeAgo(iso, now, i18n)}
    </time>
  );
}

/** Version and price as short muted facts: "Version 2.1 · Free". */
export function VersionAndPrice({ executor }: { executor: Pick<Executor, 'version' | 'free'> }) {
  const { m, t } = useI18n();
  return (
    <p className="text-sm text-slate-300">
      {executor.version ? (
        <>
          <span>{t(m.executorFacts.version, { version: executor.version })}</span>
          <span aria-hidden> · </span>
        </>
      ) : null}
      <span>{executor.free ? m.executorFacts.free : m.executorFacts.paid}</span>
    </p>
  );
}

/** "Status changed 3 days ago". */
export function StatusChanged({ executor, now, timeZone }: { executor: Pick<Executor, 'statusChangedAt'>; now: string; timeZone: string }) {
  const { m } = useI18n();
  return (
    <p className="text-xs text-slate-400">
      {m.executorFacts.statusChanged} <TimeAgo iso={executor.statusChangedAt} now={now} timeZone={timeZone} />
    </p>
  );
}
