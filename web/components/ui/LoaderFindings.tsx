import type { LoaderAnalysis } from '../../../contract/loader-analysis.ts';
import type { FindingCode, FindingSeverity } from '../../../contract/loader-findings.ts';
import { cn } from '../../lib/cn.ts';

export interface FindingTexts {
  heading: string;
  severity: Record<FindingSeverity, string>;
  /** Before the list of hosts the loader fetches from. */
  domains: string;
  /** When the analysis found nothing. */
  none: string;
  /** Each finding's sentence, in the area's language. */
  findings: Record<FindingCode, string>;
}

const TONE: Record<FindingSeverity, string> = {
  high: 'border-red-500/40 bg-red-500/10 text-red-200',
  medium: 'border-amber-500/40 bg-amber-500/10 text-amber-100',
  info: 'border-slate-600 bg-slate-800/60 text-slate-200',
};

/**
 * "What this loader does" (docs/decisions/0018-loader-analysis.md#loader-findings): each finding with its severity, worst
 * first, and the hosts the loader fetches from. The one rendering of an analysis, wherever it shows.
 */
export function LoaderFindings({ analysis, texts, id, className }: { analysis: LoaderAnalysis; texts: FindingTexts; id?: string; className?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('space-y-2 text-sm', className)}>
      <h3 id={headingId} className="font-medium text-slate-200">
        {texts.heading}
      </h3>
      {analysis.findings.length === 0 ? <p className="text-slate-400">{texts.none}</p> : null}
      {analysis.findings.length > 0 ? (
        <ul className="space-y-1.5">
          {analysis.findings.map((finding) => (
            <li key={finding.code} data-code={finding.code} className={cn('rounded-md border px-3 py-2', TONE[finding.severity])}>
              <span className="font-semibold">{texts.severity[finding.severity]}:</span> {texts.findings[finding.code]}
            </li>
          ))}
        </ul>
      ) : null}
      {analysis.domains.length > 0 ? (
        <p className="break-words text-slate-300">
          {texts.domains} <span className="font-mono text-xs">{analysis.domains.join(', ')}</span>
        </p>
      ) : null}
    </section>
  );
}
