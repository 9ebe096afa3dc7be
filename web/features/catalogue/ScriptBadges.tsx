import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { cn } from '../../lib/cn.ts';
import { useI18n } from '../../i18n/messages.ts';
import { ScriptBadges } from '../../components/ui/Badges.tsx';

/** The game a script is for, as a link to its page; on a card it sits above the card's stretched link. */
export function GameLink({ game, className }: { game: NonNullable<ScriptCard['game']>; className?: string }) {
  const { m, path } = useI18n();
  return (
    <Link
      to={path(`/games/${game.slug}`)}
      className={cn('text-link relative z-10 inline-block max-w-full truncate', className)}
    >
      <span className="sr-only">{m.common.script.gameLabel}: </span>
      {game.name}
    </Link>
  );
}

// Its code loads after the page's (docs/decisions/0044-loader-versions.md): the server's HTML already shows the
// line, and a page whose scripts' loaders never changed does not load it.
const LoaderUpdated = lazy(() => import('./LoaderUpdated.tsx'));

/** The public pages' badges (the shared rendering with the public texts), then the loader's recent update. */
export function PublicScriptBadges(props: { script: ScriptCard; linkKey?: boolean; className?: string }) {
  const { m } = useI18n();
  return (
    <>
      <ScriptBadges {...props} texts={m.common.script.badges} />
      {props.script.loaderChangedAt ? (
        <Suspense>
          <LoaderUpdated script={props.script} />
        </Suspense>
      ) : null}
    </>
  );
}
