import { Trash2 } from 'lucide-react';
import { TABLE_DESCRIPTION_CLIP, TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { messages } from '../../../messages/staff.ts';
import { Thumbnail } from '../../staff/components/Thumbnail.tsx';
import type { ModeratorScript } from '../api.ts';
import { clip } from '../form.ts';

const t = messages.moderator.scripts;

/*
 * The scripts as a table from 1024 px up and as a card list below (SPEC.md: usable on narrow screens;
 * a six-column table does not fit beside the sidebar on a tablet). Both are in the DOM; CSS shows one,
 * and the hidden one is out of the accessibility tree too.
 */

interface ListProps {
  scripts: ModeratorScript[];
  timeZone: string;
  onDelete: (script: ModeratorScript) => void;
  /** A newer page is on its way: the rows shown are the previous ones. */
  stale?: boolean;
}

function Channels({ script }: { script: ModeratorScript }) {
  if (script.channels.length === 0) return <span className="text-slate-400">{t.noChannels}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {script.channels.map((channel) => (
        <li key={channel.id}>
          {channel.url.startsWith('https://') ? (
            <a
              href={channel.url}
              target="_blank"
              rel="noopener noreferrer"
              title={`@${channel.name}`}
              className="inline-block max-w-[12rem] truncate rounded-full bg-sky-500/10 px-2 py-0.5 text-xs text-sky-200 ring-1 ring-sky-400/30 hover:bg-sky-500/20"
            >
              @{channel.name}
            </a>
          ) : (
            <span title={`@${channel.name}`} className="inline-block max-w-[12rem] truncate rounded-full bg-white/5 px-2 py-0.5 text-xs text-slate-300">
              @{channel.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Description({ text }: { text: string }) {
  if (!text.trim()) return <span className="italic text-slate-400">{t.noDescription}</span>;
  const clipped = clip(text, TABLE_DESCRIPTION_CLIP);
  return <span title={clipped === text.trim() ? undefined : text}>{clipped}</span>;
}

function DeleteButton({ script, onDelete, wide }: { script: ModeratorScript; onDelete: ListProps['onDelete']; wide?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => onDelete(script)}
      aria-label={t.deleteLabel(script.playsname)}
      title={t.delete}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-medium text-red-300 ring-1 ring-inset ring-red-400/30 hover:bg-red-500/15 hover:text-red-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300',
        wide ? 'h-9 px-3' : 'h-9 w-9',
      )}
    >
      <Trash2 aria-hidden className="h-4 w-4" />
      {wide ? <span aria-hidden>{t.delete}</span> : null}
    </button>
  );
}

function imageOf(script: ModeratorScript): string | null {
  return script.imageCard ?? script.image;
}

export function ScriptTable({ scripts, timeZone, onDelete, stale }: ListProps) {
  return (
    <div className={cn('hidden overflow-hidden rounded-xl border border-white/10 lg:block', stale && 'opacity-60 transition-opacity')}>
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t.tableLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className="w-28 px-4 py-3 font-semibold">
              {t.columns.image}
            </th>
            <th scope="col" className="w-[18%] px-4 py-3 font-semibold">
              {t.columns.name}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.description}
            </th>
            <th scope="col" className="w-28 px-4 py-3 font-semibold">
              {t.columns.date}
            </th>
            <th scope="col" className="w-[18%] px-4 py-3 font-semibold">
              {t.columns.channels}
            </th>
            <th scope="col" className="w-20 px-4 py-3 text-right font-semibold">
              <span className="sr-only">{t.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {scripts.map((script) => (
            <tr key={script.id} data-testid="script-row" className="align-top hover:bg-white/[0.03]">
              <td className="px-4 py-3">
                <Thumbnail src={imageOf(script)} className="w-20" />
              </td>
              <td className="px-4 py-3 font-semibold text-white">{script.playsname}</td>
              <td className="px-4 py-3 text-slate-300">
                <Description text={script.description} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-300">
                <time dateTime={script.createdAt}>{formatDate(script.createdAt, timeZone)}</time>
              </td>
              <td className="px-4 py-3">
                <Channels script={script} />
              </td>
              <td className="px-4 py-3 text-right">
                <DeleteButton script={script} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ScriptCards({ scripts, timeZone, onDelete, stale }: ListProps) {
  return (
    <ul aria-label={t.tableLabel} className={cn('flex flex-col gap-3 lg:hidden', stale && 'opacity-60 transition-opacity')}>
      {scripts.map((script) => (
        <li key={script.id} data-testid="script-card" className="rounded-xl border border-white/10 bg-panel/60 p-4">
          <div className="flex gap-3">
            <Thumbnail src={imageOf(script)} className="w-24" />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-white">{script.playsname}</h3>
              <p className="mt-0.5 text-xs text-slate-400">
                <time dateTime={script.createdAt}>{formatDate(script.createdAt, timeZone)}</time>
              </p>
            </div>
          </div>
          <p className="mt-3 text-sm text-slate-300">
            <Description text={script.description} />
          </p>
          <div className="mt-3 flex items-end justify-between gap-3">
            <div className="min-w-0 text-sm">
              <p className="sr-only">{t.columns.channels}</p>
              <Channels script={script} />
            </div>
            <DeleteButton script={script} onDelete={onDelete} wide />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Skeleton rows in the shape of the table and of the cards, while the first page loads. */
export function ScriptListSkeleton() {
  const rows = Array.from({ length: Math.min(TABLE_PAGE_SIZE, 5) }, (_, index) => index);
  return (
    <div aria-hidden data-testid="scripts-skeleton">
      <div className="hidden overflow-hidden rounded-xl border border-white/10 lg:block">
        <div className="h-10 bg-white/5" />
        {rows.map((row) => (
          <div key={row} className="flex items-center gap-4 border-t border-white/10 px-4 py-3">
            <Skeleton className="aspect-video w-20" />
            <Skeleton className="h-4 w-[15%]" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-[12%]" />
            <Skeleton className="h-9 w-9" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 lg:hidden">
        {rows.slice(0, 3).map((row) => (
          <div key={row} className="rounded-xl border border-white/10 p-4">
            <div className="flex gap-3">
              <Skeleton className="aspect-video w-24" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
            <Skeleton className="mt-3 h-4 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
