import { ExternalLink, Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ChannelButtonContent, channelButtonClasses } from '../features/subscriptions/ChannelButton.tsx';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../features/subscriptions/return-path.ts';
import { safeExternalUrl } from '../features/subscriptions/site-subscription.ts';
import { recordSiteSubscription } from '../features/subscriptions/subscription-storage.ts';
import { siteReadingLinks } from '../features/games/meta.ts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { specPath } from '../i18n/reading.ts';
import { pageTitle } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/subscribe';

/** The /subscribe list (docs/product.md#site-channels): the site channels the site-wide gate asks for. */
export async function loader({ context }: Route.LoaderArgs) {
  return { channels: await context.get(webContext).siteChannels() };
}

export function meta({ matches }: Route.MetaArgs) {
  const i18n = metaI18n(matches);
  const t = i18n?.m.subscribe;
  return [
    { title: pageTitle(t?.title ?? '', matches) },
    { name: 'description', content: t?.metaDescription ?? '' },
    { name: 'robots', content: 'noindex' },
    ...(i18n ? siteReadingLinks(matches, '/subscribe', i18n.reading) : []),
  ];
}

/**
 * Where Continue goes: `from` when it is a safe same-site path (the gate sends the page's own, in its
 * reading), else the catalogue in this page's reading; never a reading of /subscribe itself.
 */
function returnPath(from: string | null, inReading: (path: string) => string): string {
  const target = safeReturnPath(from);
  if (target !== from || safeReturnPath(specPath(target)) !== specPath(target)) return inReading(DEFAULT_RETURN_PATH);
  return target;
}

/**
 * docs/product.md#subscribe-page: each channel goes from not joined to joined when its Join link is used
 * (component state only); Continue, enabled once all are joined, records the subscription and goes
 * back to `from` (a same-site path, else /scripts), replacing this entry in history.
 */
export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { m, t: format, path, reading } = useI18n();
  const t = m.subscribe;
  const { channels } = loaderData;
  const [joined, setJoined] = useState<ReadonlySet<number>>(() => new Set());
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  const joinedCount = channels.filter((channel) => joined.has(channel.id)).length;
  // A channel without a safe link (the API only stores https) cannot be joined, so it cannot block.
  const complete = channels.every((channel) => joined.has(channel.id) || !safeExternalUrl(channel.url));

  const onContinue = () => {
    recordSiteSubscription(channels);
    void navigate(returnPath(searchParams.get('from'), path), { replace: true });
  };

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-violet-600/20 text-violet-300">
          <Send className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{t.title}</h1>
        <p className="mt-3 text-slate-300">{channels.length === 0 ? t.empty : t.intro}</p>
      </div>

      {channels.length > 0 && (
        <ul aria-label={t.channelsLabel} className="mt-8 space-y-3">
          {channels.map((channel) => {
            const isJoined = joined.has(channel.id);
            const href = safeExternalUrl(channel.url);
            return (
              <li key={channel.id} className="flex flex-col gap-3 rounded-xl bg-panel p-4 ring-1 ring-white/10 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold">{channel.name}</p>
                  <p title={channel.url} className="truncate text-sm text-slate-400">
                    {channel.url}
                  </p>
                </div>
                {href && (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => setJoined((previous) => new Set(previous).add(channel.id))}
                    className={channelButtonClasses(isJoined, 'shrink-0 justify-center')}
                  >
                    <ChannelButtonContent done={isJoined} label={isJoined ? t.joined : t.join} channel={channel.name} Icon={ExternalLink} />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-8 flex flex-col items-center gap-3">
        {channels.length > 0 && (
          <p role="status" aria-live="polite" className="text-sm text-slate-300">
            {/* The specification's reading printed the count as written (no grouping): a language's plural counts the number. */}
            {complete ? t.allJoined : format(t.progress, { joined: String(joinedCount), total: reading === 'spec' ? String(channels.length) : channels.length })}
          </p>
        )}
        <button
          type="button"
          disabled={!complete}
          onClick={onContinue}
          className="w-full rounded-lg bg-violet-600 px-6 py-3 font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:bg-slate-700 disabled:text-slate-400 sm:w-auto sm:min-w-48"
        >
          {t.continue}
        </button>
      </div>
    </main>
  );
}
