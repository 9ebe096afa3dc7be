import { renderToStaticMarkup } from 'react-dom/server';
import type { Compatibility } from '../../../contract/executors.ts';
import { CompatibilityTable } from './CompatibilityTable.tsx';

/**
 * The compatibility table as HTML, built by the script page's loader: the page shows it as it is
 * (ScriptCompatibility), so its rendering, icons and texts stay out of the page's first JavaScript,
 * as "What this loader does" does (loader-report.server.tsx). React escapes every text.
 */
export function compatibilityHtml(rows: readonly Compatibility[]): string {
  return renderToStaticMarkup(<CompatibilityTable rows={rows} />);
}
