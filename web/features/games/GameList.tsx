import { Link } from 'react-router';
import type { Game } from '../../../contract/games.ts';
import { useI18n } from '../../i18n/messages.ts';
import { GameIcon } from './GameIcon.tsx';
import { gamePath } from './links.ts';

/** /games: every game with its icon and script count, each a link to its page (docs/product.md#games-page). */
export function GameList({ games }: { games: readonly Game[] }) {
  const { m, t: format, path } = useI18n();
  const t = m.games;
  if (games.length === 0) {
    return (
      <div className="mx-auto mt-12 max-w-md rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
        <h2 className="text-xl font-semibold text-white">{t.empty}</h2>
        <p className="mt-2 text-sm text-slate-300">{t.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t.listLabel} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {games.map((game, index) => (
        <li key={game.id}>
          <Link
            to={path(gamePath(game.slug))}
            className="flex items-center gap-4 rounded-2xl bg-panel p-4 ring-1 ring-white/10 transition hover:ring-violet-400/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300"
          >
            <GameIcon game={game} priority={index < 6} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-white">{game.name}</span>
              <span className="mt-1 block text-sm text-slate-400">{format(t.scriptCount, { n: game.scripts })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
