import { renderToStaticMarkup } from 'react-dom/server';
import type { LoaderAnalysis } from '../../../contract/loader-analysis.ts';
import { LoaderFindings } from '../../components/ui/LoaderFindings.tsx';
import type { Messages } from '../../i18n/catalogue.ts';

/**
 * "What this loader does" as HTML, built by the script page's loader (docs/decisions/0018-loader-analysis.md#what-this-loader-does-on-the-script-page):
 * the one rendering of an analysis (LoaderFindings), with a warning above it when a finding is of
 * high severity. The page shows it as it is (LoaderReport), so none of this code ships to the
 * browser; React escapes every text, the hosts included. Each finding is said by its code in the
 * page's reading (`m`: that reading's messages), never by the API's English `message`.
 */
export function loaderReportHtml(analysis: LoaderAnalysis, m: Pick<Messages, 'loaderReport'>): string {
  const texts = m.loaderReport;
  const high = analysis.findings.some((item) => item.severity === 'high');
  return renderToStaticMarkup(
    <div className="mb-4 space-y-3 rounded-xl bg-panel p-4 ring-1 ring-white/10 sm:p-5">
      {high ? (
        <p role="alert" className="rounded-lg border border-red-500/60 bg-red-600/20 px-3 py-2 text-sm font-semibold text-red-100">
          {texts.warning}
        </p>
      ) : null}
      <LoaderFindings analysis={analysis} texts={texts} id="loader-report" />
    </div>,
  );
}
