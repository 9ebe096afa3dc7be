import { Plus } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { useState } from 'react';
import type { Game } from '../../../../contract/games.ts';
import { TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { SearchInput } from '../../staff/components/SearchInput.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { Thumbnail } from '../../staff/components/Thumbnail.tsx';
import { useClampPage, useConfirmedDelete, useFailureToast, useListParams } from '../../staff/lib/hooks.ts';
import { useDeleteGame, useGamePage } from '../api/games.ts';
import { type GameDialogState, GameFormDialog } from './GameFormDialog.tsx';
import { RowActions } from './RowActions.tsx';


/** Games: search, pages of 10, create and edit (with an icon), delete with confirmation. */
export function GamesSection() {
  const t = useAdminMessages().games;
  const c = useAdminMessages().common;
  const list = useListParams();
  const query = useGamePage({ page: list.page, q: list.q });
  const remove = useConfirmedDelete<Game>('admin', useDeleteGame(), { ...t, timedOut: c.timedOut });
  const [dialog, setDialog] = useState<GameDialogState>({ kind: 'closed' });

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);
  useClampPage(list.page, query.data?.total, TABLE_PAGE_SIZE, !query.isFetching, list.setPage);

  const create = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      <Plus aria-hidden className="h-4 w-4" />
      {t.newGame}
    </Button>
  );
  return (
    <StaffSection title={t.title} intro={t.intro} actions={create}>
      <SearchInput id="admin-games-search" list={list} placeholder={t.search} label={t.searchLabel} busy={list.typing} />
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView
        query={query}
        loadFailed={t.loadFailed}
        onRetry={() => void query.refetch()}
        empty={list.q ? <ListEmpty searching title={t.emptySearch} /> : <ListEmpty title={t.empty} text={t.emptyHint} action={create} />}
        paging={{ page: list.page, setPage: list.setPage }}
      >
        {(rows) => <GameTable rows={rows} onEdit={(game) => setDialog({ kind: 'edit', game })} onDelete={remove.setPending} />}
      </ListView>
      <GameFormDialog
        state={dialog}
        onClose={() => setDialog({ kind: 'closed' })}
        // A new game has no scripts yet, so it sorts late in the list: a search for it shows it.
        onSaved={(kind, name) => (kind === 'create' ? list.searchFor(name) : undefined)}
      />
      <DeleteDialog question={t.confirmDelete} detail={t.confirmDeleteDetail} remove={remove} />
    </StaffSection>
  );
}

function GameTable({ rows, onEdit, onDelete }: { rows: Game[]; onEdit: (game: Game) => void; onDelete: (game: Game) => void }) {
  const t = useAdminMessages().games;
  const c = useAdminMessages().common;
  const cell = 'px-3 py-3 sm:px-4';
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={`${cell} w-24 font-semibold`}>{t.columns.icon}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.name}</th>
            <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>{t.columns.slug}</th>
            <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>{t.columns.placeId}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{t.columns.scripts}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{c.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((game) => (
            <tr key={game.id} data-testid="game-row" className="hover:bg-white/[0.03]">
              <td className={cell}>
                <Thumbnail src={game.icon} className="w-16" />
              </td>
              <td className={`${cell} break-words font-medium text-white`}>{game.name}</td>
              <td className={`${cell} hidden break-all font-mono text-xs text-slate-300 md:table-cell`}>{game.slug}</td>
              <td className={`${cell} hidden whitespace-nowrap text-slate-300 md:table-cell`}>{game.placeId ?? <span className="text-slate-400">{t.noPlaceId}</span>}</td>
              <td className={`${cell} text-right tabular-nums text-slate-200`}>{game.scripts}</td>
              <RowActions editLabel={t.editLabel(game.name)} deleteLabel={t.deleteLabel(game.name)} onEdit={() => onEdit(game)} onDelete={() => onDelete(game)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
