import { Gamepad2 } from 'lucide-react';
import type { Game } from '../../../contract/games.ts';

/**
 * A game's icon in a fixed square (no layout shift), or its initial when it has none. A module of its
 * own, so a game's page loads the icon without the /games list.
 */
export function GameIcon({ game, size = 64, priority = false }: { game: Pick<Game, 'name' | 'icon'>; size?: number; priority?: boolean }) {
  const box = 'shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-violet-700/40 to-indigo-900/60 ring-1 ring-white/10';
  if (!game.icon) {
    return (
      <span aria-hidden className={`${box} flex items-center justify-center text-violet-200`} style={{ width: size, height: size }}>
        <Gamepad2 className="h-1/2 w-1/2" />
      </span>
    );
  }
  return (
    <img
      src={game.icon}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={`${box} object-cover`}
      style={{ width: size, height: size }}
    />
  );
}
