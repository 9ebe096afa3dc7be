import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { type Platform, sidesOf } from '../../../contract/platforms.ts';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { usePendingPath } from './navigation.ts';
import type { LinkedCard } from './filters.ts';
import { GameLink, PublicScriptBadges } from './ScriptBadges.tsx';
import { ScriptImage } from './ScriptImage.tsx';
import { Star } from '../../components/favourites/Star.tsx';
import { useI18n } from '../../i18n/messages.ts';
import { specPath } from '../../i18n/reading.ts';
import { FilterChips } from './FilterChips.tsx';

export interface ScriptCardProps {
  /** The script, with its canonical path (`/scripts/{id}-{slug}`); the card links to it in the page's reading. */
  script: LinkedCard;
  timeZone: string;
  /** Where the detail page's back button returns (this list, with its search). */
  from: string;
  priority?: 'high' | 'eager' | 'lazy';
}

/** A catalogue card (styles: app.css `.script-card`); the whole card is clickable through the Get Script link's stretched hit area. */
export function ScriptCard({ script, timeZone, from, priority = 'lazy' }: ScriptCardProps) {
  const { m, t, path, date } = useI18n();
  const titleId = useId();
  const to = path(specPath(script.path));
  const pending = usePendingPath(to);
  return (
    <article className="script-card">
      <ScriptImage src={script.imageCard} alt="" width={480} height={270} priority={priority} />
      <Star id={script.id} version={script.version} name={script.playsname} />
      <div className="flex flex-1 flex-col p-4">
        {/* Clamped to two lines with an ellipsis; the title attribute keeps the whole name at hand. */}
        <h2 id={titleId} title={script.playsname} className="script-card-title">
          {script.playsname}
        </h2>
        {script.game ? <GameLink game={script.game} className="mt-1 self-start text-xs" /> : null}
        <PublicScriptBadges script={script} className="mt-2" />
        <FilterChips name="type" values={script.types} label={m.typeChips.label} className="mt-2" />
        <p className="script-card-text">{script.description.trim() || m.catalogue.noDescription}</p>
        <div className="script-card-meta">
          <CalendarDays aria-hidden className="h-3.5 w-3.5" />
          <span>
            {date(script.createdAt, timeZone)} · {t(m.common.script.views, { n: script.views })}
          </span>
          <PlatformMarks platforms={script.platforms} />
        </div>
        <Link
          to={to}
          state={{ from }}
          aria-describedby={titleId}
          className={buttonClasses({ className: 'mt-4 w-full after:absolute after:inset-0 after:content-[""]' })}
        >
          {pending ? <Spinner /> : null}
          {m.catalogue.getScript}
        </Link>
      </div>
    </article>
  );
}

/** Where the script is known to run (docs/decisions/0042-executor-pages.md#what-visitors-and-staff-see-of-executors): PC, mobile, both or nothing. */
function PlatformMarks({ platforms }: { platforms: readonly Platform[] }) {
  const t = useI18n().m.catalogue;
  const sides = sidesOf(platforms);
  if (sides.length === 0) return null;
  return (
    <ul aria-label={t.platforms.label} className="platform-marks">
      {sides.map((side) => (
        <li key={side} className="platform-mark">
          {t.platforms[side]}
        </li>
      ))}
    </ul>
  );
}

/** The card's shape while its data is on the way. */
export function ScriptCardSkeleton() {
  return (
    <div className="script-card-shape" aria-hidden>
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-1 flex-col p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="mt-3 h-3.5 w-full" />
        <Skeleton className="mt-2 h-3.5 w-11/12" />
        <Skeleton className="mt-2 h-3.5 w-2/3" />
        <Skeleton className="mt-6 h-3 w-1/3" />
        <Skeleton className="mt-4 h-10 w-full rounded-lg" />
      </div>
    </div>
  );
}
