import { BadgeCheck, Gamepad2, Globe, KeyRound, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { cn } from '../../lib/cn.ts';
import { common } from '../../messages/common.ts';

const t = common.script.badges;

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
const tones = {
  key: 'bg-amber-500/10 text-amber-200 ring-amber-400/30',
  universal: 'bg-sky-500/10 text-sky-200 ring-sky-400/30',
  verified: 'bg-emerald-500/10 text-emerald-200 ring-emerald-400/30',
  patched: 'bg-red-500/10 text-red-200 ring-red-400/30',
};

function Badge({ tone, icon, children }: { tone: keyof typeof tones; icon: ReactNode; children: ReactNode }) {
  return (
    <li className={cn(pill, tones[tone])}>
      {icon}
      {children}
    </li>
  );
}

/** The game a script is for, as a link to its page; on a card it sits above the card's stretched link. */
export function GameLink({ game, className }: { game: NonNullable<ScriptCard['game']>; className?: string }) {
  return (
    <Link
      to={`/games/${game.slug}`}
      className={cn(
        'relative z-10 inline-flex max-w-full items-center gap-1.5 truncate rounded text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300',
        className,
      )}
    >
      <Gamepad2 aria-hidden className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">{common.script.gameLabel}: </span>
      <span className="truncate">{game.name}</span>
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
  const icon = 'h-3 w-3';
  return (
    <ul aria-label={t.label} className={cn('flex flex-wrap gap-1.5', className)}>
      {script.keySystem ? (
        <Badge tone="key" icon={<KeyRound aria-hidden className={icon} />}>
          {linkKey && script.keyLink ? (
            <a href={script.keyLink} target="_blank" rel="nofollow noopener" className="underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300">
              {t.keySystem}
            </a>
          ) : (
            t.keySystem
          )}
        </Badge>
      ) : null}
      {script.universal ? <Badge tone="universal" icon={<Globe aria-hidden className={icon} />}>{t.universal}</Badge> : null}
      {script.verified ? <Badge tone="verified" icon={<BadgeCheck aria-hidden className={icon} />}>{t.verified}</Badge> : null}
      {script.patched ? <Badge tone="patched" icon={<TriangleAlert aria-hidden className={icon} />}>{t.patched}</Badge> : null}
    </ul>
  );
}
