import { BadgeCheck, Gamepad2, Globe, KeyRound, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { ListScript } from '../api/scripts.ts';
import { usePanel } from '../panel.tsx';

function Badge({ icon, className, children }: { icon: ReactNode; className: string; children: ReactNode }) {
  return (
    <li className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', className)}>
      {icon}
      {children}
    </li>
  );
}

/** A script's game and its badges (Universal, Key system, Patched, Verified), under its name in both lists. */
export function ScriptFacts({ script }: { script: ListScript }) {
  const { texts } = usePanel();
  const t = texts.scripts;
  const icon = 'h-3 w-3';
  const any = script.game || script.universal || script.keySystem || script.patched || script.verified;
  if (!any) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap items-center gap-1" data-testid="script-facts">
      {script.game ? (
        <li className="inline-flex min-w-0 max-w-full items-center gap-1 text-xs text-slate-300">
          <Gamepad2 aria-hidden className={cn(icon, 'shrink-0')} />
          <span className="sr-only">{t.gameLabel}: </span>
          <span className="truncate" title={script.game.name}>
            {script.game.name}
          </span>
        </li>
      ) : null}
      {script.universal ? (
        <Badge icon={<Globe aria-hidden className={icon} />} className="bg-sky-500/10 text-sky-200 ring-sky-400/30">
          {t.badges.universal}
        </Badge>
      ) : null}
      {script.keySystem ? (
        <Badge icon={<KeyRound aria-hidden className={icon} />} className="bg-amber-500/10 text-amber-200 ring-amber-400/30">
          {t.badges.keySystem}
        </Badge>
      ) : null}
      {script.patched ? (
        <Badge icon={<TriangleAlert aria-hidden className={icon} />} className="bg-red-500/10 text-red-200 ring-red-400/30">
          {t.badges.patched}
        </Badge>
      ) : null}
      {script.verified ? (
        <Badge icon={<BadgeCheck aria-hidden className={icon} />} className="bg-emerald-500/10 text-emerald-200 ring-emerald-400/30">
          {t.badges.verified}
        </Badge>
      ) : null}
    </ul>
  );
}
