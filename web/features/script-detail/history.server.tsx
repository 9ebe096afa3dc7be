import { renderToStaticMarkup } from 'react-dom/server';
import { worstFirst } from '../../../contract/analysis-diff.ts';
import type { Reading } from '../../../contract/i18n.ts';
import type { FindingSeverity } from '../../../contract/loader-findings.ts';
import type { ScriptVersionSummary } from '../../../contract/versions.ts';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { formatDate } from '../../lib/format.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { changeSentencesIn, type ChangeTexts } from './change-sentences.ts';

type Texts = Messages['historyTexts'];

/**
 * The History section as HTML, built by the script page's loader (docs/product.md#history): each
 * update's date and a plain sentence per change, newest first, as compatibility.server.tsx and
 * loader-report.server.tsx do, so its rendering and texts stay out of the page's JavaScript. No
 * loader text is in it: a gated script's versions are fetched by the Show changes buttons, which
 * ScriptHistory shows only past the gates. In `reading`, with that reading's messages `m` and dates.
 */
export function historyHtml(
  versions: readonly ScriptVersionSummary[] | null,
  timeZone: string,
  pageSize: number,
  reading: Reading,
  m: Pick<Messages, 'historyTexts'>,
): string {
  if (!versions || versions.length === 0) return '';
  const date = (iso: string) => formatDate(iso, timeZone, reading);
  return renderToStaticMarkup(<History versions={versions} date={date} pageSize={pageSize} t={m.historyTexts} />);
}

interface Change {
  text: string;
  severity: FindingSeverity | null;
}

/**
 * An update's sentences, high findings first; an added finding keeps its severity for the mark. Two
 * findings of one code say the same sentence: it is said once, with the worse severity (the first).
 */
export function versionChanges(version: ScriptVersionSummary, texts: ChangeTexts): Change[] {
  const added = worstFirst(version.added);
  const sentences = changeSentencesIn(texts, { ...version, added, removed: worstFirst(version.removed) });
  const changes = sentences.map((text, index) => ({ text, severity: added[index]?.severity ?? null }));
  return changes.filter((change, index) => sentences.indexOf(change.text) === index);
}

function History({ versions, date, pageSize, t }: { versions: readonly ScriptVersionSummary[]; date: (iso: string) => string; pageSize: number; t: Texts }) {
  const oldest = versions[versions.length - 1]?.version ?? 1;
  return (
    <section id="history" aria-labelledby="history-heading" data-diff-texts={JSON.stringify(t.diff)} className="mt-10 scroll-mt-24">
      <h2 id="history-heading" className="text-xl font-bold text-white">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{versions.length === 1 && oldest === 1 ? t.onlyFirst : t.intro}</p>
      <ol className="mt-3 space-y-3">
        {versions.map((version) => (
          <HistoryItem key={version.version} version={version} date={date} t={t} />
        ))}
      </ol>
      {oldest > 1 && versions.length >= pageSize ? <p className="mt-3 text-sm text-slate-400">{t.older(versions.length)}</p> : null}
    </section>
  );
}

function HistoryItem({ version, date, t }: { version: ScriptVersionSummary; date: (iso: string) => string; t: Texts }) {
  const n = version.version;
  return (
    <li id={`version-${n}`} className="scroll-mt-24 rounded-xl bg-white/[0.03] p-4 ring-1 ring-white/10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-white">
          {t.version(n)} <span className="font-normal text-slate-400">· {t.saved}</span>{' '}
          <time dateTime={version.createdAt} className="font-normal text-slate-300">
            {date(version.createdAt)}
          </time>
        </h3>
        {n > 1 ? <ShowChanges n={n} t={t} /> : null}
      </div>
      <VersionSentences version={version} t={t} />
      {n > 1 ? <div id={`version-${n}-changes`} hidden /> : null}
    </li>
  );
}

function VersionSentences({ version, t }: { version: ScriptVersionSummary; t: Texts }) {
  if (version.version === 1) return <p className="mt-2 text-sm text-slate-300">{t.first}</p>;
  const changes = versionChanges(version, t);
  if (changes.length === 0) return <p className="mt-2 text-sm text-slate-300">{t.unchanged}</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-200">
      {changes.map((change) => (
        <li key={change.text} data-severity={change.severity ?? undefined} className="history-change">
          {change.severity === 'high' ? <span className="badge badge-patched mr-2">{t.high}</span> : null}
          {change.text}
        </li>
      ))}
    </ul>
  );
}

/** Hidden until ScriptHistory marks the section open (the page runs, past the gates); its label follows aria-expanded (app.css). */
function ShowChanges({ n, t }: { n: number; t: Texts }) {
  return (
    <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'history-toggle' })} data-version={n} aria-expanded="false" aria-controls={`version-${n}-changes`}>
      <span className="history-show">{t.show}</span>
      <span className="history-hide">{t.hide}</span>
      <span className="sr-only">{t.ofVersion(n)}</span>
    </button>
  );
}
