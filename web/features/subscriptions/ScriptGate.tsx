import { Check, Lock, Send } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import type { Channel } from '../../../contract/index.ts';
import { messages } from '../../messages/index.ts';
import { allChannelsDone, channelHandle, doneChannelIds, safeExternalUrl } from './site-subscription.ts';
import { readScriptSubscriptions, storeChannelDone } from './subscription-storage.ts';

export interface ScriptGateProps {
  scriptId: number;
  /** The script's required channels (from the page's loader). */
  channels: Channel[];
  /** What shows once every channel is done (or when there are none). */
  children: ReactNode;
}

interface Checked {
  /** Which script and channel list this reading of storage belongs to. */
  key: string;
  done: ReadonlySet<string>;
  /** All done when the page loaded: the content shows. Otherwise the gate stays until Continue reloads. */
  open: boolean;
}

/**
 * The per-script subscription gate (SPEC.md section 2 "Subscription gate on the detail page" and
 * section 4 "Channel subscription").
 *
 * The server cannot read localStorage, so for a script with channels the server render and the first
 * client render both show a neutral placeholder; an effect then reads the stored flags and shows the
 * gate or the content. A script without channels renders its content directly, on the server too.
 */
export function ScriptGate({ scriptId, channels, children }: ScriptGateProps) {
  const key = `${scriptId}:${channels.map((channel) => channel.id).join(',')}`;
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    if (channels.length === 0) return;
    const done = doneChannelIds(readScriptSubscriptions(), scriptId);
    setChecked({ key, done, open: allChannelsDone(channels, done) });
    // `key` stands for scriptId and the channel ids; a new array with the same channels is no change.
  }, [key]);

  if (channels.length === 0) return <>{children}</>;
  // A stale reading (another script after a client-side navigation) counts as not read yet.
  const current = checked?.key === key ? checked : null;
  if (!current) return <GateSkeleton />;
  if (current.open) return <>{children}</>;

  const markDone = (channel: Channel) => {
    const url = safeExternalUrl(channel.url);
    // Opened first, synchronously inside the click, so the browser treats it as user-initiated.
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    const alreadyDone = current.done.has(String(channel.id));
    const done = doneChannelIds(storeChannelDone(scriptId, channel.id), scriptId);
    // Kept in state even if storage is blocked, so this visit can still go on.
    done.add(String(channel.id));
    setChecked({ ...current, done });
    if (!alreadyDone) toast.success(messages.subscriptions.gate.completed);
  };

  return <Gate channels={channels} done={current.done} onSubscribe={markDone} />;
}

function Gate({ channels, done, onSubscribe }: { channels: Channel[]; done: ReadonlySet<string>; onSubscribe: (channel: Channel) => void }) {
  const t = messages.subscriptions.gate;
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
                className={
                  isDone
                    ? 'inline-flex items-center gap-2 rounded-lg bg-emerald-600/20 px-4 py-2 text-sm font-semibold text-emerald-300 ring-1 ring-emerald-500/40 hover:bg-emerald-600/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400'
                    : 'inline-flex items-center gap-2 rounded-lg bg-violet-600 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400'
                }
              >
                {isDone ? <Check className="size-4" aria-hidden="true" /> : <Send className="size-4" aria-hidden="true" />}
                {isDone ? t.subscribed : t.subscribe}
                <span className="sr-only">
                  {' '}
                  {handle} {messages.subscriptions.newTab}
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm text-slate-300">
          {complete ? t.allDone : t.progress(doneCount, channels.length)}
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

/** The gated area while stored flags are unknown (server render, first client render). */
function GateSkeleton() {
  return (
    <div aria-busy="true" className="rounded-xl bg-panel p-5 ring-1 ring-white/10 sm:p-6" data-testid="script-gate-pending">
      <p role="status" className="sr-only">
        {messages.subscriptions.gate.checking}
      </p>
      <div aria-hidden="true" className="space-y-4 motion-safe:animate-pulse">
        <div className="h-6 w-1/3 rounded bg-slate-700/60" />
        <div className="h-4 w-2/3 rounded bg-slate-700/40" />
        <div className="h-12 rounded-lg bg-slate-700/30" />
        <div className="h-12 rounded-lg bg-slate-700/30" />
      </div>
    </div>
  );
}
