import { Lock, Send } from 'lucide-react';
import { useId } from 'react';
import type { Channel } from '../../../contract/index.ts';
import { ChannelButtonContent, channelButtonClasses } from './ChannelButton.tsx';
import { toast } from '../../lib/toast.tsx';
import { channelHandle, doneChannelIds, safeExternalUrl } from './site-subscription.ts';
import { storeChannelDone } from './subscription-storage.ts';
import { useI18n } from '../../i18n/messages.ts';

/**
 * The per-script gate's list of channels, their Subscribe buttons (open the channel, remember it, say
 * so), the progress and Continue. Loaded on demand by ScriptGate: it is never in the server's HTML
 * (the server cannot read the visitor's stored flags), and most visits never show it. Its texts are the
 * page's reading's, from the root loader's data: this chunk imports no catalogue.
 */
export default function ChannelGate({
  scriptId,
  channels,
  done,
  onDone,
}: {
  scriptId: number;
  channels: Channel[];
  done: ReadonlySet<string>;
  /** The channels done now, for the gate's state. */
  onDone: (done: Set<string>) => void;
}) {
  const { m, t: fill } = useI18n();
  const t = m.channelGate;
  const onSubscribe = (channel: Channel) => {
    const url = safeExternalUrl(channel.url);
    // Opened first, synchronously inside the click, so the browser treats it as user-initiated.
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    const alreadyDone = done.has(String(channel.id));
    const next = doneChannelIds(storeChannelDone(scriptId, channel.id), scriptId);
    // Kept in state even if storage is blocked, so this visit can still go on.
    next.add(String(channel.id));
    onDone(next);
    if (!alreadyDone) toast.success(t.completed);
  };
  const titleId = useId();
  const doneCount = channels.filter((channel) => done.has(String(channel.id))).length;
  const complete = doneCount === channels.length;

  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-panel p-5 ring-1 ring-white/10 sm:p-6" data-testid="script-gate">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-600/20 text-violet-300">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="text-xl font-bold">
          {t.title}
        </h2>
      </div>
      <p className="mt-3 text-slate-300">{t.intro}</p>

      <ul aria-label={t.channelsLabel} className="mt-5 space-y-3">
        {channels.map((channel) => {
          const isDone = done.has(String(channel.id));
          const handle = channelHandle(channel.name);
          return (
            <li key={channel.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-ink/60 px-4 py-3 ring-1 ring-white/5">
              <span className="min-w-0 font-medium">{handle}</span>
              <button
                type="button"
                onClick={() => onSubscribe(channel)}
                className={channelButtonClasses(isDone)}
              >
                <ChannelButtonContent done={isDone} label={isDone ? t.subscribed : t.subscribe} channel={handle} Icon={Send} />
              </button>
            </li>
          );
        })}
      </ul>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm text-slate-300">
          {complete ? t.allDone : fill(t.progress, { done: String(doneCount), total: String(channels.length) })}
        </p>
        <button
          type="button"
          disabled={!complete}
          onClick={() => window.location.reload()}
          className="rounded-lg bg-violet-600 px-5 py-2.5 font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:bg-slate-700 disabled:text-slate-400"
        >
          {t.continue}
        </button>
      </div>
    </section>
  );
}
