import { Gamepad2 } from 'lucide-react';
import { hasBadges, ScriptBadges } from '../../../components/ui/Badges.tsx';
import type { ListScript } from '../api/scripts.ts';
import { usePanel } from '../panel.tsx';

/** A script's game and its badges (the public pages' rendering, in the panel's words), under its name in both lists. */
export function ScriptFacts({ script }: { script: ListScript }) {
  const { texts } = usePanel();
  const t = texts.scripts;
  if (!script.game && !hasBadges(script)) return null;
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1.5" data-testid="script-facts">
      {script.game ? (
        <span className="inline-flex min-w-0 max-w-full items-center gap-1 text-xs text-slate-300">
          <Gamepad2 aria-hidden className="h-3 w-3 shrink-0" />
          <span className="sr-only">{t.gameLabel}: </span>
          <span className="truncate" title={script.game.name}>
            {script.game.name}
          </span>
        </span>
      ) : null}
      <ScriptBadges script={script} texts={t.badges} />
    </div>
  );
}
