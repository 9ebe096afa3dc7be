import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { addedHigh } from '../../../../contract/analysis-diff.ts';
import type { StaffScriptVersionSummary } from '../../../../contract/versions.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { toast } from '../../../lib/toast.tsx';
import { errorText, isSessionError } from '../api/client.ts';
import { useRestoreVersion, useScriptVersions } from '../api/versions.ts';
import { formatDateTime } from '../lib/date-time.ts';
import { serverFieldErrors } from '../lib/form.ts';
import { useFailureToast } from '../lib/hooks.ts';
import { usePanel } from '../panel.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { ListEmpty, ListLoading, loadErrorText } from './ListStates.tsx';
import { Modal } from './Modal.tsx';

/*
 * A script's loader history in both panels (issue 28, docs/product.md#staff-panels): each version
 * newest first with its date, who saved it and what it changed in the analysis, and Restore on every
 * version but the current one. A dialog, as the scripts list's other per-row view (the edit) is.
 */

export interface HistoryScript {
  id: number;
  playsname: string;
}

/** The history dialog of a scripts list: closed (null) or open on one script. */
export function ScriptHistoryDialog({ script, onClose }: { script: HistoryScript | null; onClose: () => void }) {
  const { texts } = usePanel();
  const t = texts.history;
  return (
    <Modal
      open={script !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={script ? t.title(script.playsname) : ''}
      description={t.intro}
      closeLabel={texts.common.close}
      size="wide"
    >
      {script ? <HistoryBody script={script} /> : null}
    </Modal>
  );
}

/** A refused restore as a refused save shows it: the server's word on the loader (a blocked domain), else its `error`, else the default. */
function refusalText(error: unknown, fallback: string, timedOut: string): string {
  return serverFieldErrors(error, ['loadstring'] as const).loadstring ?? errorText(error, fallback, timedOut);
}

/** Restore behind a confirmation: the version waiting for it, the banner of a refusal, the toasts. */
function useConfirmedRestore(scriptId: number) {
  const { role, texts } = usePanel();
  const t = texts.history;
  const mutation = useRestoreVersion(role);
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    if (pending === null) return;
    const from = pending;
    mutation.mutate(
      { id: scriptId, version: from },
      {
        onSuccess: (answer) => {
          setFailure(null);
          toast.success(t.restored(from, answer.version));
        },
        onError: (error) => {
          if (isSessionError(error, role)) return;
          setFailure(refusalText(error, t.restoreFailed, texts.common.timedOut));
          toast.error(t.restoreFailed);
        },
        onSettled: () => setPending(null),
      },
    );
  };
  return { pending, setPending, failure, setFailure, confirm, busy: mutation.isPending };
}

function HistoryBody({ script }: { script: HistoryScript }) {
  const { role, texts } = usePanel();
  const t = texts.history;
  const query = useScriptVersions(role, script.id);
  const restore = useConfirmedRestore(script.id);
  useFailureToast(role, query.error, query.errorUpdatedAt, t.loadFailed);
  const versions = query.data?.pages.flat() ?? [];
  // Newest first: the first is the script's loader now.
  const current = versions[0]?.version;
  const failed = query.error && !isSessionError(query.error, role);

  return (
    <div className="flex flex-col gap-3">
      {restore.failure ? <ErrorBanner message={restore.failure} onDismiss={() => restore.setFailure(null)} dismissLabel={texts.common.dismiss} /> : null}
      {failed ? <ErrorBanner message={loadErrorText(query.error, t.loadFailed, texts.common)} retry={{ label: texts.common.retry, onRetry: () => void query.refetch(), busy: query.isFetching }} /> : null}
      {!query.data && !failed ? <ListLoading label={texts.common.loading} /> : null}
      {query.data && versions.length === 0 ? <ListEmpty title={t.empty} /> : null}
      {versions.length > 0 ? (
        <ol aria-label={t.listLabel} aria-busy={query.isFetching || undefined} className="flex flex-col gap-2">
          {versions.map((version) => (
            <VersionItem key={version.version} version={version} current={version.version === current} onRestore={() => restore.setPending(version.version)} />
          ))}
        </ol>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" className="self-center" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} aria-disabled={query.isFetchingNextPage || undefined}>
          {t.more}
        </Button>
      ) : null}
      <ConfirmDialog
        open={restore.pending !== null}
        onOpenChange={(open) => (open || restore.busy ? undefined : restore.setPending(null))}
        question={t.confirmRestore(restore.pending ?? 0)}
        detail={t.confirmRestoreDetail}
        confirmLabel={t.restore}
        tone="primary"
        cancelLabel={texts.common.cancel}
        closeLabel={texts.common.close}
        busy={restore.busy}
        onConfirm={restore.confirm}
      />
    </div>
  );
}

const badge = 'ml-2 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-semibold ring-1';

/** One version: its number and marks, when and by whom, the changes as sentences, and Restore unless it is the current one. */
function VersionItem({ version, current, onRestore }: { version: StaffScriptVersionSummary; current: boolean; onRestore: () => void }) {
  const { texts } = usePanel();
  const t = texts.history;
  const { timeZone } = useSettings();
  const sentences = t.changes(version);
  return (
    <li data-testid="script-version" data-version={version.version} className="rounded-lg bg-white/[0.03] p-3 ring-1 ring-white/10">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-white">
            {t.version(version.version)}
            {current ? <span className={`${badge} bg-sky-500/15 text-sky-200 ring-sky-400/30`}>{t.current}</span> : null}
            {addedHigh(version) ? <span className={`${badge} bg-red-500/15 text-red-200 ring-red-400/30`}>{t.addedHigh}</span> : null}
          </h3>
          <p className="mt-0.5 text-xs text-slate-400">
            <time dateTime={version.createdAt}>{formatDateTime(version.createdAt, timeZone)}</time>
            {' · '}
            <span data-testid="saved-by">{version.savedBy ? t.savedBy(version.savedBy) : t.savedBySystem}</span>
          </p>
        </div>
        {current ? null : (
          <Button variant="secondary" aria-label={t.restoreLabel(version.version)} onClick={onRestore}>
            <RotateCcw aria-hidden className="h-4 w-4" />
            {t.restore}
          </Button>
        )}
      </div>
      {sentences.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">{t.noChanges}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-200">
          {sentences.map((sentence, index) => (
            <li key={index}>{sentence}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
