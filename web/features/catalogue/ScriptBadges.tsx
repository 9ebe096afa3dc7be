import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { cn } from '../../lib/cn.ts';
import { common } from '../../messages/common.ts';

const t = common.script.badges;

// Text and a coloured dot (app.css `.badge`), no icons: every icon is bytes on the catalogue's first load.
function Badge({ tone, children }: { tone: 'key' | 'universal' | 'verified' | 'patched'; children: ReactNode }) {
  return <li className={`badge badge-${tone}`}>{children}</li>;
}

/** The game a script is for, as a link to its page; on a card it sits above the card's stretched link. */
export function GameLink({ game, className }: { game: NonNullable<ScriptCard['game']>; className?: string }) {
  return (
    <Link
      to={`/games/${game.slug}`}
      className={cn('text-link relative z-10 inline-block max-w-full truncate', className)}
    >
      <span className="sr-only">{common.script.gameLabel}: </span>
      {game.name}
    </Link>
  );
}

/**
 * A script's facts as badges (docs/product.md#script-badges): Key system, Universal, Verified,
 * Patched; nothing when none applies. `linkKey` makes Key system a link to the key page (the script's
 * own page only: a card is one link already).
 */
export function ScriptBadges({ script, linkKey = false, className }: { script: ScriptCard; linkKey?: boolean; className?: string }) {
  if (!script.keySystem && !script.universal && !script.verified && !script.patched) return null;
  return (
    <ul aria-label={t.label} className={cn('flex flex-wrap gap-1.5', className)}>
      {script.keySystem ? (
        <Badge tone="key">
          {linkKey && script.keyLink ? (
            <a href={script.keyLink} target="_blank" rel="nofollow noopener" className="underline underline-offset-2">
              {t.keySystem}
            </a>
          ) : (
            t.keySystem
          )}
        </Badge>
      ) : null}
      {script.universal ? <Badge tone="universal">{t.universal}</Badge> : null}
      {script.verified ? <Badge tone="verified">{t.verified}</Badge> : null}
      {script.patched ? <Badge tone="patched">{t.patched}</Badge> : null}
    </ul>
  );
}
