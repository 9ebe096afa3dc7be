import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { SupportedGame } from './texts/spec.ts';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';
import { accentClasses } from './colors.ts';
import { focusRing, IconTile } from './ui.tsx';

/** The catalogue search for one game: /scripts?q=<URL-encoded game name> (docs/product.md#landing-pages), the specification's path. */
export function gameScriptsHref(name: string): string {
  return `/scripts?q=${encodeURIComponent(name)}`;
}

/** The Supported Games cards: a gradient banner with the game's icon, its name, players online, View Scripts. */
export function GameGrid({
  games,
  online,
  viewScripts,
  viewScriptsFor,
}: {
  games: readonly SupportedGame[];
  online: string;
  viewScripts: string;
  viewScriptsFor: string;
}) {
  const { path } = useI18n();
  return (
    <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {games.map((game) => (
        <li
          key={game.name}
          className={cn(
            'flex flex-col overflow-hidden rounded-2xl bg-panel ring-1 ring-white/10 transition-shadow hover:ring-2',
            accentClasses[game.color].glow,
          )}
        >
          <div className={cn('flex h-20 items-center justify-center bg-linear-to-b sm:h-28', accentClasses[game.color].banner)}>
            <IconTile icon={game.icon} color={game.color} size="lg" />
          </div>
          <div className="flex flex-1 flex-col p-3 min-[400px]:p-4 sm:p-5">
            <h3 className="text-base font-bold text-white sm:text-lg">{game.name}</h3>
            <p className="mb-4 mt-1 flex items-center gap-2 text-sm text-emerald-300">
              <span aria-hidden className="h-2 w-2 rounded-full bg-emerald-400 motion-safe:animate-pulse" />
              {`${game.players} ${online}`}
            </p>
            <Link
              to={path(gameScriptsHref(game.name))}
              className={cn(
                'mt-auto inline-flex min-h-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-xl bg-white/10 px-2 py-2 text-sm font-semibold text-white hover:bg-white/15 sm:gap-2 sm:px-3',
                focusRing,
              )}
            >
              <span>{viewScripts}</span>
              <span className="sr-only">{` ${viewScriptsFor} ${game.name}`}</span>
              <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
