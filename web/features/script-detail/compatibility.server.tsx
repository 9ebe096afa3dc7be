import { renderToStaticMarkup } from 'react-dom/server';
import type { Compatibility } from '../../../contract/executors.ts';
import type { Reading } from '../../../contract/i18n.ts';
import { pathIn } from '../../i18n/reading.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { CompatibilityTable } from './CompatibilityTable.tsx';

/**
 * The compatibility table as HTML, built by the script page's loader: the page shows it as it is
 * (ScriptCompatibility), so its rendering, icons and texts stay out of the page's first JavaScript,
 * as "What this loader does" does (loader-report.server.tsx). React escapes every text. In `reading`,
 * with that reading's messages `m` and links.
 */
export function compatibilityHtml(rows: readonly Compatibility[], reading: Reading, m: Pick<Messages, 'compatibility'>): string {
  return renderToStaticMarkup(<CompatibilityTable rows={rows} texts={m.compatibility} path={(path) => pathIn(reading, path)} />);
}
