import { ArrowLeft, CalendarDays, Code2, Eye } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Channel, ScriptCard } from '../../../contract/scripts.ts';
import type { ScriptDetail as ScriptAnswer } from '../../../contract/script-analysis.ts';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSettings } from '../../lib/settings.ts';
import { useI18n } from '../../i18n/messages.ts';
import { specPath } from '../../i18n/reading.ts';
import { usePendingPath } from '../catalogue/navigation.ts';
import { GameLink, PublicScriptBadges } from '../catalogue/ScriptBadges.tsx';
import { FilterChips } from '../catalogue/FilterChips.tsx';
import { ScriptImage } from '../catalogue/ScriptImage.tsx';
import { GateSkeleton } from '../subscriptions/GateSkeleton.tsx';
import { DETAIL_IMAGE } from './meta.ts';
import { ScriptCompatibility } from './ScriptCompatibility.tsx';
import { ScriptFooter } from './ScriptFooter.tsx';
import { ScriptHistory } from './ScriptHistory.tsx';
import { ReportButton } from './ReportButton.tsx';
import { type ScriptTab, ScriptTabs } from './ScriptTabs.tsx';
import { ScriptVotes, useVotes, type Votes } from './ScriptVotes.tsx';
import { Star } from '../../components/favourites/Star.tsx';

/**
 * The catalogue address a card passed along (with its search), when this page was opened from it, as
 * its unprefixed path (the page puts it in its own reading).
 */
function catalogueOrigin(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string') return undefined;
  const unprefixed = specPath(from);
  return /^\/(scripts|games\/[^/?]+)(\?|$)/.test(unprefixed) ? unprefixed : undefined;
}

/**
 * Back to the catalogue (or the game's page it was opened from). Opened from a card in this tab, it steps back in history, so the list comes
 * back as it was (its Load More pages and scroll position); otherwise it goes to /scripts.
 */
export function BackToCatalogue() {
  const { m, path } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const from = catalogueOrigin(location.state);
  const pending = usePendingPath(path('/scripts'));
  return (
    <Link
      to={path(from ?? '/scripts')}
      onClick={(event) => {
        if (!from || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
    >
      {pending ? <Spinner /> : <ArrowLeft aria-hidden className="h-4 w-4" />}
      {m.detail.back}
    </Link>
  );
}

const CONTENT_ID = 'script-content';

// The per-script gate's code loads only for a script with channels (docs/product.md#per-script-gate):
// the server renders it whole; in the browser that part hydrates once its chunk is in.
const ScriptGate = lazy(() => import('../subscriptions/ScriptGate.tsx').then((gate) => ({ default: gate.ScriptGate })));

/** The script as its page carries it: the card, and whether none of its executors can be used today. */
export type PageScript = ScriptCard & Pick<ScriptAnswer, 'noWorkingExecutor'>;

/**
 * The texts only some scripts show, in the page's reading: the loader puts each in the page's data
 * only when the script shows it (null otherwise), so no other page carries them.
 */
export interface ScriptNotes {
  /** Get a key, for a key-system script with a key page (keyPageOf). */
  getKey: string | null;
  /** Beside Copy, when none of the script's executors can be used today. */
  noWorkingExecutor: string | null;
}

/** A key-system script's key page (issue 27), shown only as an https link, as the server keeps it. */
export function keyPageOf(script: Pick<ScriptCard, 'keySystem' | 'keyLink'>): string | null {
  const link = script.keySystem ? script.keyLink : null;
  return link?.startsWith('https://') ? link : null;
}

/** The script's page body: hero, gated tabs, compatibility, history, footer facts and FAQ (docs/product.md#script-detail-page). */
export function ScriptDetail({
  script,
  loadstring,
  channels,
  siteChannels,
  report,
  compatibility,
  history,
  footer,
  notes,
  rawLine,
}: {
  script: PageScript;
  /** The line that always runs the latest version; null for a script with required channels. */
  rawLine: string | null;
  notes: ScriptNotes;
  /** "What this loader does" as HTML (loader-report.server.tsx). */
  report: string;
  /** The compatibility table as HTML (compatibility.server.tsx). */
  compatibility: string;
  /** The History section as HTML (history.server.tsx). */
  history: string;
  /** The facts and the FAQ as HTML (footer.server.tsx). */
  footer: string;
  /** Null for a gated script: the Script tab fetches it once the gates are passed. */
  loadstring: string | null;
  channels: Channel[];
  siteChannels: Channel[];
}) {
  const [tab, setTab] = useState<ScriptTab>('description');
  const votes = useVotes(script);

  const openScript = () => {
    setTab('script');
    const target = document.getElementById(CONTENT_ID);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };

  const tabs = (
    <ScriptTabs
      script={script}
      loadstring={loadstring}
      siteChannels={siteChannels}
      value={tab}
      onValueChange={setTab}
      report={report}
      noWorkingExecutor={notes.noWorkingExecutor}
      rawLine={rawLine}
    />
  );

  return (
    <>
      <ScriptHero script={script} votes={votes} onGetScript={openScript} getKey={notes.getKey} />

      <div id={CONTENT_ID} className="mt-10 scroll-mt-24">
        {channels.length === 0 ? (
          tabs
        ) : (
          <Suspense fallback={<GateSkeleton />}>
            <ScriptGate scriptId={script.id} channels={channels} pending={<GateSkeleton />}>
              {tabs}
            </ScriptGate>
          </Suspense>
        )}
      </div>

      <ScriptCompatibility html={compatibility} rows={votes.fromServer ? votes.state.compatibility : undefined} />
      <ScriptHistory html={history} scriptId={script.id} channels={channels} siteChannels={siteChannels} />
      <ScriptFooter html={footer} />
    </>
  );
}

/** The page's top: the image, then the game, title, badges, date and views, votes, the steps, Get Script, Get a key and Report. */
function ScriptHero({ script, votes, onGetScript, getKey }: { script: ScriptCard; votes: Votes; onGetScript: () => void; getKey: string | null }) {
  const { m, t } = useI18n();
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-5 lg:gap-10">
      <div className="lg:col-span-3">
        <ScriptImage
          src={script.image}
          smallSrc={script.imageCard}
          sizes="(min-width: 1024px) 680px, calc(100vw - 2rem)"
          alt={t(m.detail.imageAlt, { name: script.playsname })}
          width={DETAIL_IMAGE.width}
          height={DETAIL_IMAGE.height}
          priority="high"
          className="rounded-2xl shadow-xl shadow-black/30 ring-1 ring-white/10"
        />
      </div>
      <div className="flex min-w-0 flex-col lg:col-span-2 lg:py-2">
        {script.game ? <GameLink game={script.game} className="mb-2 self-start text-sm" /> : null}
        <div className="flex items-start gap-3">
          <h1 className="min-w-0 flex-1 text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-4xl">{script.playsname}</h1>
          <Star id={script.id} version={script.version} name={script.playsname} opened />
        </div>
        <PublicScriptBadges script={script} linkKey className="mt-3" />
        <FilterChips name="type" values={script.types} label={m.typeChips.label} className="mt-3" />
        <ScriptDateAndViews script={script} />
        <ScriptVotes id={script.id} votes={votes} />
        <ScriptSteps />
        <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 lg:mt-auto lg:pt-6">
          <Button size="lg" onClick={onGetScript} className="w-full sm:w-auto">
            <Code2 aria-hidden className="h-5 w-5" />
            {m.detail.getScript}
          </Button>
          <GetKeyLink script={script} label={getKey} />
          <ReportButton scriptId={script.id} />
        </div>
      </div>
    </div>
  );
}

/** A key-system script's key page (issue 27): user-given, so nofollow and ugc; https only, as the server keeps it. */
function GetKeyLink({ script, label }: { script: ScriptCard; label: string | null }) {
  const { m } = useI18n();
  const link = keyPageOf(script);
  if (!link || !label) return null;
  return (
    <a href={link} target="_blank" rel="nofollow noopener ugc" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full sm:w-auto' })}>
      {label}
      <span className="sr-only"> {m.subscriptions.newTab}</span>
    </a>
  );
}

/** When the script was added (in the site's time zone) and how often it was viewed. */
function ScriptDateAndViews({ script }: { script: ScriptCard }) {
  const { timeZone } = useSettings();
  const { m, t, date } = useI18n();
  return (
    <div className="mt-4 flex flex-wrap gap-2 text-sm text-slate-300">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-white/5 px-3 py-1 ring-1 ring-white/10">
        <CalendarDays aria-hidden className="h-4 w-4 text-violet-300" />
        <span className="sr-only">{m.detail.created}: </span>
        <time dateTime={script.createdAt}>{date(script.createdAt, timeZone)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-white/5 px-3 py-1 ring-1 ring-white/10">
        <Eye aria-hidden className="h-4 w-4 text-violet-300" />
        {t(m.detail.views, { n: script.views })}
      </span>
    </div>
  );
}

/** How to use a script, as numbered steps. */
function ScriptSteps() {
  const { m } = useI18n();
  return (
    <ol aria-label={m.detail.stepsLabel} className="mt-6 space-y-3">
      {m.detail.steps.map((step, index) => (
        <li key={step} className="flex items-center gap-3 text-sm text-slate-300">
          <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-violet-500/15 text-xs font-bold text-violet-200 ring-1 ring-violet-400/30">
            {index + 1}
          </span>
          {step}
        </li>
      ))}
    </ol>
  );
}

/** The page's shape while another script's data loads (a client-side navigation). */
export function ScriptDetailSkeleton() {
  const { m } = useI18n();
  return (
    <div className="mt-4" aria-busy>
      <p role="status" className="sr-only">
        {m.detail.loading}
      </p>
      <div aria-hidden className="grid gap-6 lg:grid-cols-5 lg:gap-10">
        <Skeleton className="aspect-video w-full rounded-2xl lg:col-span-3" />
        <div className="lg:col-span-2 lg:py-2">
          <Skeleton className="h-9 w-4/5" />
          <div className="mt-4 flex gap-2">
            <Skeleton className="h-7 w-28 rounded-full" />
            <Skeleton className="h-7 w-24 rounded-full" />
          </div>
          <Skeleton className="mt-5 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-11/12" />
          <Skeleton className="mt-2 h-4 w-3/4" />
          <Skeleton className="mt-8 h-12 w-40 rounded-lg" />
        </div>
      </div>
      <Skeleton aria-hidden className="mt-10 h-11 w-64 rounded-xl" />
      <Skeleton aria-hidden className="mt-5 h-40 w-full rounded-xl" />
    </div>
  );
}
