import { BadgeCheck, Monitor, Smartphone } from 'lucide-react';
import type { Compatibility } from '../../../contract/executors.ts';
import { PLATFORM_SIDE_BITS, PLATFORM_BITS, type Platform, UNUSABLE_STATUSES } from '../../../contract/platforms.ts';
import { cn } from '../../lib/cn.ts';
import type { PageMessages } from '../../i18n/catalogue.ts';

/**
 * The table's texts and the page's reading's links (`path('/executors/x')`), handed over by whoever
 * renders it: the server's loader (compatibility.server.tsx) or the page (ScriptCompatibility), so
 * neither rendering imports a catalogue.
 */
export interface CompatibilityTexts {
  texts: PageMessages['compatibility'];
  path: (path: string) => string;
}

const isMobile = (platform: Platform) => (PLATFORM_BITS[platform] & PLATFORM_SIDE_BITS.mobile) !== 0;

/** One platform: a device icon (PC or phone) and the platform's name. */
function PlatformMark({ platform, t }: { platform: Platform; t: CompatibilityTexts['texts'] }) {
  const Icon = isMobile(platform) ? Smartphone : Monitor;
  return (
    <li className="compat-platform">
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {t.platforms[platform]}
    </li>
  );
}

/** The executor's name (a link to its page) and, unless it is working, its status as a badge. */
function ExecutorCell({ row, t, path }: { row: Compatibility; t: CompatibilityTexts['texts']; path: CompatibilityTexts['path'] }) {
  const tone = UNUSABLE_STATUSES.includes(row.status) ? 'badge-patched' : 'badge-key';
  return (
    <th scope="row" className="compat-executor">
      <a href={path(`/executors/${row.executor}`)} className="text-link">
        {row.name}
      </a>
      {row.status === 'working' ? null : <span className={`badge ${tone} ml-2`}>{t.status[row.status]}</span>}
    </th>
  );
}

function CompatibilityRow({ row, texts, path }: { row: Compatibility } & CompatibilityTexts) {
  const t = texts;
  const unusable = UNUSABLE_STATUSES.includes(row.status);
  return (
    <tr data-executor={row.executor} data-status={row.status} className={cn(unusable && 'compat-unusable')}>
      <ExecutorCell row={row} t={t} path={path} />
      <td>
        <ul className="flex flex-wrap gap-1.5">
          {row.platforms.map((platform) => (
            <PlatformMark key={platform} platform={platform} t={t} />
          ))}
        </ul>
      </td>
      <td>
        {row.tested ? (
          <span className="inline-flex items-center gap-1 text-emerald-300">
            <BadgeCheck aria-hidden className="h-4 w-4" />
            {t.tested}
          </span>
        ) : (
          <span className="text-slate-500">
            <span aria-hidden>—</span>
            <span className="sr-only">{t.notTested}</span>
          </span>
        )}
      </td>
      <td className="tabular-nums">{row.worksYes}</td>
      <td className="tabular-nums">{row.worksNo}</td>
    </tr>
  );
}

/**
 * A script's compatibility (docs/decisions/0042-executor-pages.md#what-visitors-and-staff-see-of-executors): one row per executor with
 * any data, as the server orders them, or a line saying there is none yet. The server renders it into
 * the page (compatibility.server.tsx); the browser renders it again, loaded on demand, with the counts
 * of the visitor's own answers included (ScriptCompatibility.tsx).
 */
export function CompatibilityTable({ rows, texts, path }: { rows: readonly Compatibility[] } & CompatibilityTexts) {
  const t = texts;
  return (
    <section aria-labelledby="compatibility-heading" className="mt-10">
      <h2 id="compatibility-heading" className="text-xl font-bold text-white">
        {t.heading}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white/[0.03] p-4 text-sm text-slate-300 ring-1 ring-white/10">{t.empty}</p>
      ) : (
        <>
          <p id="compatibility-intro" className="mt-1 text-sm text-slate-400">
            {t.intro}
          </p>
          <div className="mt-3 overflow-x-auto rounded-xl ring-1 ring-white/10">
            <table aria-labelledby="compatibility-heading" aria-describedby="compatibility-intro" className="compat-table">
              <thead>
                <tr>
                  <th scope="col">{t.columns.executor}</th>
                  <th scope="col">{t.columns.platforms}</th>
                  <th scope="col">{t.columns.tested}</th>
                  <th scope="col">{t.columns.works}</th>
                  <th scope="col">{t.columns.broken}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <CompatibilityRow key={row.executor} row={row} texts={texts} path={path} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
