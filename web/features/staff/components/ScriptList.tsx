import { Eye, EyeOff, History, Pencil, Trash2 } from 'lucide-react';
import { TABLE_DESCRIPTION_CLIP } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import type { ListScript } from '../api/scripts.ts';
import { clip } from '../lib/text.ts';
import { usePanel } from '../panel.tsx';
import { MarkWorkingButton } from './MarkWorkingButton.tsx';
import { ScriptFacts } from './ScriptFacts.tsx';
import { Thumbnail } from './Thumbnail.tsx';

/*
 * The scripts as a table from 1024 px up and as cards below (a five-column table does not fit beside
 * the sidebar on a tablet). Both are in the DOM and CSS shows one: no script decides the layout, so
 * the first paint is already right, and the hidden one is out of the accessibility tree too.
 */

interface ListProps {
  scripts: ListScript[];
  /** Absent where the panel cannot edit. */
  onEdit?: (script: ListScript) => void;
  onDelete: (script: ListScript) => void;
  /** Hide or show the script on the public site. */
  onVisibility?: (script: ListScript) => void;
  /** Open the script's loader history (issue 28). */
  onHistory?: (script: ListScript) => void;
}

/** The mark of a script out of the public site (docs/product.md#reports). */
function HiddenMark({ script }: { script: ListScript }) {
  const { texts } = usePanel();
  if (!script.hidden) return null;
  return (
    <span data-testid="hidden-mark" className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 align-middle text-xs font-semibold text-amber-200 ring-1 ring-amber-400/30">
      <EyeOff aria-hidden className="h-3 w-3" />
      {texts.visibility.hidden}
    </span>
  );
}

function Channels({ script }: { script: ListScript }) {
  const { texts } = usePanel();
  if (script.channels.length === 0) return <span className="text-slate-300">{texts.scripts.noChannels}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {script.channels.map((channel) => {
        const chip = 'inline-block max-w-[12rem] truncate rounded-full px-2 py-0.5 text-xs';
        return (
          <li key={channel.id} className="min-w-0 max-w-full">
            {channel.url.startsWith('https://') ? (
              <a href={channel.url} target="_blank" rel="noopener noreferrer" title={`@${channel.name}`} className={`${chip} max-w-full bg-sky-500/10 text-sky-200 ring-1 ring-sky-400/30 hover:bg-sky-500/20`}>
                @{channel.name}
              </a>
            ) : (
              <span title={`@${channel.name}`} className={`${chip} max-w-full bg-white/5 text-slate-300`}>
                @{channel.name}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Description({ text }: { text: string }) {
  const { texts } = usePanel();
  if (!text.trim()) return <span className="italic text-slate-300">{texts.scripts.noDescription}</span>;
  const clipped = clip(text, TABLE_DESCRIPTION_CLIP);
  return <span title={clipped === text.trim() ? undefined : text}>{clipped}</span>;
}

function DateCell({ iso }: { iso: string }) {
  const { timeZone } = useSettings();
  return <time dateTime={iso}>{formatDate(iso, timeZone)}</time>;
}

function RowActions({ script, onEdit, onDelete, onVisibility, onHistory, withText = false }: { script: ListScript; withText?: boolean } & Omit<ListProps, 'scripts'>) {
  const { texts } = usePanel();
  const t = texts.scripts;
  // 40 px tall: a proper tap target on a phone.
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <MarkWorkingButton script={script} withText={withText} />
      {onHistory ? (
        <Button variant="ghost" size={withText ? 'md' : 'icon'} aria-label={texts.history.rowLabel(script.playsname)} title={texts.history.label} onClick={() => onHistory(script)}>
          <History aria-hidden className="h-4 w-4" />
          {withText ? <span aria-hidden>{texts.history.label}</span> : null}
        </Button>
      ) : null}
      {onEdit && texts.edit ? (
        <Button variant="ghost" size={withText ? 'md' : 'icon'} aria-label={texts.edit.rowLabel(script.playsname)} title={texts.edit.label} onClick={() => onEdit(script)}>
          <Pencil aria-hidden className="h-4 w-4" />
          {withText ? <span aria-hidden>{texts.edit.label}</span> : null}
        </Button>
      ) : null}
      {onVisibility ? (
        <Button
          variant="ghost"
          size={withText ? 'md' : 'icon'}
          aria-label={script.hidden ? texts.visibility.unhideLabel(script.playsname) : texts.visibility.hideLabel(script.playsname)}
          title={script.hidden ? texts.visibility.unhide : texts.visibility.hide}
          onClick={() => onVisibility(script)}
        >
          {script.hidden ? <Eye aria-hidden className="h-4 w-4" /> : <EyeOff aria-hidden className="h-4 w-4" />}
          {withText ? <span aria-hidden>{script.hidden ? texts.visibility.unhide : texts.visibility.hide}</span> : null}
        </Button>
      ) : null}
      <Button variant="ghost" size={withText ? 'md' : 'icon'} aria-label={t.deleteLabel(script.playsname)} title={texts.common.delete} onClick={() => onDelete(script)} className="text-red-300 hover:text-red-200">
        <Trash2 aria-hidden className="h-4 w-4" />
        {withText ? <span aria-hidden>{texts.common.delete}</span> : null}
      </Button>
    </div>
  );
}

const imageOf = (script: ListScript) => script.imageCard ?? script.image;

export function ScriptTable({ scripts, onEdit, onDelete, onVisibility, onHistory }: ListProps) {
  const { texts } = usePanel();
  const t = texts.scripts;
  return (
    <div className="hidden overflow-hidden rounded-xl ring-1 ring-white/10 lg:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className="w-[28%] px-4 py-3 font-semibold">{t.columns.name}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t.columns.description}</th>
            <th scope="col" className="w-28 px-4 py-3 font-semibold">{t.columns.date}</th>
            <th scope="col" className="w-[16%] px-4 py-3 font-semibold">{t.columns.channels}</th>
            <th scope="col" className="w-52 px-4 py-3 text-right font-semibold">{texts.common.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {scripts.map((script) => (
            <tr key={script.id} data-testid="script-row" className="align-top hover:bg-white/[0.03]">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail src={imageOf(script)} className="w-20" />
                  <div className="min-w-0">
                    <span className="font-semibold text-white">{script.playsname}</span>
                    <HiddenMark script={script} />
                    <ScriptFacts script={script} />
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 text-slate-300"><Description text={script.description} /></td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-300"><DateCell iso={script.createdAt} /></td>
              <td className="px-4 py-3"><Channels script={script} /></td>
              <td className="px-4 py-2"><RowActions script={script} onEdit={onEdit} onDelete={onDelete} onVisibility={onVisibility} onHistory={onHistory} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ScriptCards({ scripts, onEdit, onDelete, onVisibility, onHistory }: ListProps) {
  const { texts } = usePanel();
  return (
    <ul aria-label={texts.scripts.listLabel} className="flex flex-col gap-3 lg:hidden">
      {scripts.map((script) => (
        <li key={script.id} data-testid="script-card" className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
          <div className="flex gap-3">
            <Thumbnail src={imageOf(script)} className="w-24" />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-white">
                {script.playsname}
                <HiddenMark script={script} />
              </h3>
              <p className="mt-0.5 text-xs text-slate-400"><DateCell iso={script.createdAt} /></p>
              <ScriptFacts script={script} />
            </div>
          </div>
          <p className="mt-3 text-sm text-slate-300"><Description text={script.description} /></p>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0 text-sm">
              <p className="sr-only">{texts.scripts.columns.channels}</p>
              <Channels script={script} />
            </div>
            <RowActions script={script} onEdit={onEdit} onDelete={onDelete} onVisibility={onVisibility} onHistory={onHistory} withText />
          </div>
        </li>
      ))}
    </ul>
  );
}
