import { useId, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditValue, TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { SearchInput } from '../../staff/components/SearchInput.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { useClampPage, useFailureToast, useListParams } from '../../staff/lib/hooks.ts';
import { useAuditLog } from '../api/audit-log.ts';
import type { AdminMessages } from '../texts/spec.ts';
import { useAdminMessages } from '../../staff/panel.tsx';

type LogTexts = AdminMessages['log'];

/** The moderation log: every staff action, newest first, filtered by who and what; read only. */
export function AuditLogSection() {
  const t = useAdminMessages().log;
  const actor = useListParams();
  const [action, setAction] = useState<AuditAction | ''>('');
  // The actor's list state holds the page: a new name, or a new action, starts at the first page.
  const { page, setPage } = actor;
  const params = { page, actor: actor.q, action };
  const query = useAuditLog(params);
  const actionId = useId();

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);
  useClampPage(page, query.data?.total, TABLE_PAGE_SIZE, !query.isPlaceholderData && !query.isFetching, setPage);

  return (
    <StaffSection title={t.title} intro={t.intro}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <SearchInput
            id="admin-log-actor"
            list={actor}
            placeholder={t.actor}
            label={t.actorLabel}
            busy={actor.typing || (query.isFetching && !query.isPending)}
          />
        </div>
        <label htmlFor={actionId} className="flex flex-col gap-1 text-sm text-slate-300">
          {t.actionLabel}
          <select
            id={actionId}
            value={action}
            onChange={(event) => {
              setAction(event.target.value as AuditAction | '');
              setPage(1);
            }}
            className="h-10 rounded-lg bg-slate-900 px-3 text-white ring-1 ring-white/15 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400"
          >
            <option value="">{t.allActions}</option>
            {AUDIT_ACTIONS.map((code) => (
              <option key={code} value={code}>
                {t.actions[code]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListView
        query={query}
        loadFailed={t.loadFailed}
        onRetry={() => void query.refetch()}
        empty={<ListEmpty searching={actor.q !== '' || action !== ''} title={actor.q || action ? t.emptyFiltered : t.empty} />}
        paging={{ page, setPage }}
      >
        {(rows) => <AuditTable rows={rows} />}
      </ListView>
    </StaffSection>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  const t = useAdminMessages().log;
  const { timeZone } = useSettings();
  const cell = 'px-3 py-3 align-top sm:px-4';
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.at}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.actor}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.action}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.object}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.changes}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((entry) => (
            <tr key={entry.id} className="hover:bg-white/[0.03]">
              <td className={`${cell} whitespace-nowrap text-slate-300`}>{formatDate(entry.at, timeZone)}</td>
              <td className={`${cell} break-all text-white`}>
                {entry.actor.name} <span className="text-xs text-slate-400">({t.roles[entry.actor.role]})</span>
              </td>
              <td className={`${cell} text-white`}>{actionText(t, entry)}</td>
              <td className={`${cell} break-all text-slate-200`}>
                {t.objects[entry.object.type]}
                {entry.object.label ? `: ${entry.object.label}` : ''}
                {entry.object.id !== null ? <span className="text-xs text-slate-400"> #{entry.object.id}</span> : null}
              </td>
              <td className={`${cell} min-w-56 text-slate-300`}>{entry.changes ? <Changes changes={entry.changes} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The action's plain label; an edit that brought back a loader version (`restoredFrom`, issue 28) reads as that restore. */
function actionText(t: LogTexts, entry: AuditEntry): string {
  const restoredFrom = entry.changes?.['restoredFrom']?.to;
  if (entry.action === 'script.update' && typeof restoredFrom === 'number') return t.restoredVersion(restoredFrom);
  return t.actions[entry.action];
}

const shown = (t: LogTexts, value: AuditValue | undefined): string =>
  value === undefined || value === null || value === '' ? '—' : Array.isArray(value) ? value.join(', ') || '—' : typeof value === 'boolean' ? (value ? t.yes : t.no) : String(value);

/** Each changed field with its old and new value; long texts (loaders) are folded into a disclosure. */
function Changes({ changes }: { changes: NonNullable<AuditEntry['changes']> }) {
  const t = useAdminMessages().log;
  const fields = Object.entries(changes);
  return (
    <details>
      <summary className="cursor-pointer text-sky-300 hover:text-sky-200">{t.changeCount(fields.length)}</summary>
      <dl className="mt-2 space-y-2">
        {fields.map(([field, change]) => (
          <div key={field}>
            <dt className="font-medium text-slate-200">{field}</dt>
            <dd className="whitespace-pre-wrap break-all font-mono text-xs">
              {'from' in change ? <span className="text-red-200">{shown(t, change.from)}</span> : null}
              {'from' in change && 'to' in change ? ' → ' : null}
              {'to' in change ? <span className="text-emerald-200">{shown(t, change.to)}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
