import * as Tabs from '@radix-ui/react-tabs';
import { Code2, FileText } from 'lucide-react';
import type { PublicScript } from '../../../contract/scripts.ts';
import { messages } from '../../messages/index.ts';
import { CopyButton } from './CopyButton.tsx';

const t = messages.detail;

export type ScriptTab = 'description' | 'script';

const trigger =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-slate-300 transition-colors ' +
  'hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 ' +
  'data-[state=active]:bg-violet-600 data-[state=active]:text-white data-[state=active]:shadow sm:flex-none';

// Both panels are always rendered (the server's HTML holds the description and the loader text, for
// search engines and for find-in-page); the inactive one is hidden with CSS.
const panel = 'mt-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 rounded-xl data-[state=inactive]:hidden';

/** Description and Script tabs (Radix: arrow keys move between tabs, Tab enters the panel). */
export function ScriptTabs({
  script,
  value,
  onValueChange,
}: {
  script: PublicScript;
  value: ScriptTab;
  onValueChange: (value: ScriptTab) => void;
}) {
  const description = script.description.trim();
  return (
    <Tabs.Root value={value} onValueChange={(next) => onValueChange(next as ScriptTab)}>
      <Tabs.List aria-label={t.tabsLabel} className="flex gap-1 rounded-xl bg-white/5 p-1 ring-1 ring-white/10 sm:inline-flex">
        <Tabs.Trigger value="description" className={trigger}>
          <FileText aria-hidden className="h-4 w-4" />
          {t.tabDescription}
        </Tabs.Trigger>
        <Tabs.Trigger value="script" className={trigger}>
          <Code2 aria-hidden className="h-4 w-4" />
          {t.tabScript}
        </Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="description" forceMount className={panel}>
        <div className="rounded-xl bg-panel p-5 ring-1 ring-white/10 sm:p-6">
          <p className="whitespace-pre-line leading-relaxed text-slate-200">{description || t.noDescription}</p>
        </div>
      </Tabs.Content>

      <Tabs.Content value="script" forceMount className={panel}>
        <div className="overflow-hidden rounded-xl bg-black/40 ring-1 ring-white/10">
          <div className="flex items-center justify-between gap-3 border-b border-white/10 bg-white/[0.03] px-4 py-2">
            <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{t.loaderLabel}</span>
            <CopyButton text={script.loadstring} />
          </div>
          <pre
            tabIndex={0}
            aria-label={t.loaderLabel}
            className="max-h-96 overflow-auto whitespace-pre p-4 font-mono text-sm leading-relaxed text-emerald-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300"
          >
            <code data-testid="loader-text">{script.loadstring}</code>
          </pre>
        </div>
        <p className="mt-3 text-sm text-slate-400">{t.scriptHint}</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
