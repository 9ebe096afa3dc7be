import { lazy, Suspense } from 'react';
import type { Compatibility } from '../../../contract/executors.ts';
import { useI18n } from '../../i18n/messages.ts';

/** The table's rendering in the browser, loaded once the visitor's own answers bring fresh counts. */
const LiveTable = lazy(() => import('./CompatibilityTable.tsx').then((module) => ({ default: module.CompatibilityTable })));

/**
 * The script's compatibility table: the server's HTML (compatibility.server.tsx) until the visitor's
 * vote state arrives (after a vote, or on a reload of a script this browser voted on), then the same
 * table with that state's counts, which include answers not yet written (docs/product.md#votes).
 */
export function ScriptCompatibility({ html, rows }: { html: string; rows: readonly Compatibility[] | undefined }) {
  const { m, path } = useI18n();
  const served = <div dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div data-testid="compatibility">
      {rows ? (
        <Suspense fallback={served}>
          <LiveTable rows={rows} texts={m.compatibility} path={path} />
        </Suspense>
      ) : (
        served
      )}
    </div>
  );
}
