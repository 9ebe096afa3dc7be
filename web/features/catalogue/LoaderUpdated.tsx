import { useSyncExternalStore } from 'react';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { formatDate } from '../../lib/format.ts';
import { useSettings } from '../../lib/settings.ts';
import { useI18n } from '../../i18n/messages.ts';

/** An update this many calendar days old is still said ("14 days ago"); an older one is not. */
const RECENT_DAYS = 14;

const unchanging = () => () => {};

/** The calendar day a moment falls on in the site's zone (days since 1970-01-01): one day's moments share it (read from the specification's `DD.MM.YYYY`, whatever the page's reading). */
function dayOf(at: string | number, timeZone: string): number {
  const [day, month, year] = formatDate(at, timeZone).split('.');
  return Date.UTC(Number(year), Number(month) - 1, Number(day)) / 86_400_000;
}

/**
 * Today in the site's zone as the first render must see it: on the server, the render's day; in the
 * browser, while hydrating, the day the server's lines were made for (their `data-loader-today`), none
 * if it drew none. React renders again with the browser's own day after hydrating, should it differ (a
 * page cached over midnight): docs/decisions/0044-loader-versions.md.
 */
function renderedDay(timeZone: string): number | undefined {
  if (typeof document === 'undefined') return dayOf(Date.now(), timeZone);
  const day = document.querySelector<HTMLElement>('[data-loader-today]')?.dataset.loaderToday;
  return day ? Number(day) : undefined;
}

/**
 * "Loader updated 3 days ago" for an update of the last RECENT_DAYS calendar days in the site's zone,
 * marked in words when it added a high finding (docs/product.md#script-badges). Loaded after the page
 * (PublicScriptBadges): the server's HTML already shows it.
 */
export default function LoaderUpdated({ script }: { script: Pick<ScriptCard, 'loaderChangedAt' | 'updateAddedHigh'> }) {
  const { timeZone } = useSettings();
  const { m, t, date } = useI18n();
  const today = useSyncExternalStore(unchanging, () => dayOf(Date.now(), timeZone), () => renderedDay(timeZone));
  const at = script.loaderChangedAt;
  if (at === null || today === undefined) return null;
  const days = today - dayOf(at, timeZone);
  if (days > RECENT_DAYS) return null;
  return (
    <p className="loader-updated" data-loader-today={today}>
      {m.loaderUpdates.updated}{' '}
      <time dateTime={at} title={date(at, timeZone)}>
        {t(m.loaderUpdates.ago, { days: Math.max(0, days) })}
      </time>
      {script.updateAddedHigh ? (
        <strong className="badge badge-warning">
          <span className="sr-only">. </span>
          {m.loaderUpdates.addedHigh}
        </strong>
      ) : null}
    </p>
  );
}
