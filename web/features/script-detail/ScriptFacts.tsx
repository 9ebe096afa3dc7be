import { CalendarDays, Eye, Play, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Reading } from '../../../contract/i18n.ts';
import type { PublicSettings } from '../../../contract/index.ts';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import type { Messages } from '../../i18n/catalogue.ts';

/** One term/value pair; the div groups them, as a <dl> allows. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/10 sm:p-4">
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wider text-slate-400">
        <span className="flex h-6 w-6 items-center justify-center rounded-md bg-violet-500/15 text-violet-300">{icon}</span>
        {label}
      </dt>
      <dd className="mt-2 break-words text-sm font-semibold text-white sm:text-base">{children}</dd>
    </div>
  );
}

const link =
  'rounded text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300';

/**
 * The detail page's footer facts: creation date, views, the provider's messaging and video channels.
 * Rendered on the server only (footer.server.tsx), hence the settings, the reading and its texts as props.
 */
export function ScriptFacts({
  script,
  settings,
  reading,
  texts: t,
  created,
}: {
  script: ScriptCard;
  settings: Pick<PublicSettings, 'timeZone' | 'telegramUrl' | 'videoUrl'>;
  reading: Reading;
  texts: Messages['footerTexts'];
  /** The date's label (detail.created). */
  created: string;
}) {
  const { timeZone, telegramUrl, videoUrl } = settings;
  const icon = 'h-3.5 w-3.5';
  return (
    <section aria-labelledby="facts-heading" className="mt-10">
      <h2 id="facts-heading" className="sr-only">
        {t.facts}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact icon={<CalendarDays aria-hidden className={icon} />} label={created}>
          <time dateTime={script.createdAt}>{formatDate(script.createdAt, timeZone, reading)}</time>
        </Fact>
        <Fact icon={<Eye aria-hidden className={icon} />} label={t.views}>
          {formatCount(script.views, reading)}
        </Fact>
        <Fact icon={<Send aria-hidden className={icon} />} label={t.telegramLabel}>
          <a className={link} href={telegramUrl} target="_blank" rel="noopener noreferrer">
            {t.telegram}
          </a>
        </Fact>
        <Fact icon={<Play aria-hidden className={icon} />} label={t.videoLabel}>
          <a className={link} href={videoUrl} target="_blank" rel="noopener noreferrer">
            {t.video}
          </a>
        </Fact>
      </dl>
    </section>
  );
}
