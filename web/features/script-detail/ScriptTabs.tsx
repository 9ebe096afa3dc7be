import { Code2, FileText } from 'lucide-react';
import type { Channel, ScriptCard } from '../../../contract/scripts.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { CopyButton } from './CopyButton.tsx';
import { type LoaderText, useLoaderText } from './loader-text.ts';
import { LoaderReport } from './LoaderReport.tsx';
import { useI18n } from '../../i18n/messages.ts';

export type ScriptTab = 'description' | 'script';

const trigger =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-slate-300 transition-colors ' +
  'hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 ' +
  'data-[state=active]:bg-violet-600 data-[state=active]:text-white data-[state=active]:shadow sm:flex-none';

// Both panels are always rendered (the server's HTML holds the description, and the loader text of a
// script behind no gate, for search engines); the inactive one is hidden.
const panel = 'mt-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 rounded-xl';

/** Description and Script tabs (arrow keys move between tabs, Tab enters the panel). */
export function ScriptTabs({
  script,
  loadstring,
  siteChannels,
  value,
  onValueChange,
  report,
  noWorkingExecutor,
  rawLine,
}: {
  script: ScriptCard;
  /** The line that always runs the latest version (a script without required channels), else null. */
  rawLine: string | null;
  /** The loader text, or null when the page left it out (a gated script): then it is fetched. */
  loadstring: string | null;
  siteChannels: Channel[];
  value: ScriptTab;
  onValueChange: (value: ScriptTab) => void;
  /** "What this loader does", rendered on the server: shown above the loader and its Copy button. */
  report: string;
  /**
   * Every executor the script was tested with or answered for is patched or discontinued: the note said
   * beside Copy (the loader's data carries it only then), else null.
   */
  noWorkingExecutor: string | null;
}) {
  const t = useI18n().m.detail;
  const description = script.description.trim();
  const loader = useLoaderText(script.id, loadstring, siteChannels);
  return (
    <Tabs value={value} onValueChange={(next) => onValueChange(next as ScriptTab)}>
      <TabList label={t.tabsLabel} className="flex gap-1 rounded-xl bg-white/5 p-1 ring-1 ring-white/10 sm:inline-flex">
        <Tab value="description" className={trigger}>
          <FileText aria-hidden className="h-4 w-4" />
          {t.tabDescription}
        </Tab>
        <Tab value="script" className={trigger}>
          <Code2 aria-hidden className="h-4 w-4" />
          {t.tabScript}
        </Tab>
      </TabList>

      <TabPanel value="description" forceMount className={panel}>
        <div className="rounded-xl bg-panel p-5 ring-1 ring-white/10 sm:p-6">
          <p className="whitespace-pre-line leading-relaxed text-slate-200">{description || t.noDescription}</p>
        </div>
      </TabPanel>

      <TabPanel value="script" forceMount className={panel}>
        <LoaderReport html={report} />
        <LoaderBlock loader={loader} noWorkingExecutor={noWorkingExecutor} rawLine={rawLine} />
        <p className="mt-3 text-sm text-slate-400">{t.scriptHint}</p>
      </TabPanel>
    </Tabs>
  );
}

/** The loader with its Copy button; while a gated script's loader is fetched, its state instead. */
function LoaderBlock({ loader, noWorkingExecutor, rawLine }: { loader: LoaderText; noWorkingExecutor: string | null; rawLine: string | null }) {
  const t = useI18n().m.detail;
  if (loader.state === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl bg-black/40 p-4 text-sm text-slate-300 ring-1 ring-white/10">
        <Spinner /> {t.loaderLoading}
      </p>
    );
  }
  if (loader.state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-black/40 p-4 text-sm text-slate-300 ring-1 ring-white/10">
        {t.loaderFailed}
        <Button variant="secondary" size="sm" onClick={loader.retry}>
          {t.failed.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl bg-black/40 ring-1 ring-white/10">
      <div className="flex items-center justify-between gap-3 border-b border-white/10 bg-white/[0.03] px-4 py-2">
        <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{t.loaderLabel}</span>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {noWorkingExecutor ? <span className="badge badge-patched">{noWorkingExecutor}</span> : null}
          <CopyButton text={loader.text} />
        </div>
      </div>
      <pre
        tabIndex={0}
        aria-label={t.loaderLabel}
        className="max-h-96 overflow-auto whitespace-pre p-4 font-mono text-sm leading-relaxed text-emerald-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300"
      >
        <code data-testid="loader-text">{loader.text}</code>
      </pre>
      {rawLine ? <LatestLine line={rawLine} /> : null}
    </div>
  );
}

/** The one line that fetches the current loader on every run (/raw/{id}), with its own Copy. */
function LatestLine({ line }: { line: string }) {
  const t = useI18n().m.detail.latestLine;
  return (
    <div className="border-t border-white/10 bg-white/[0.03] px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{t.label}</span>
        <CopyButton text={line} label={t.copy} announcement={t.copied} />
      </div>
      <code data-testid="latest-line" className="mt-2 block whitespace-pre-wrap break-all font-mono text-sm text-emerald-200">
        {line}
      </code>
      <p className="mt-2 text-xs text-slate-400">{t.hint}</p>
    </div>
  );
}
