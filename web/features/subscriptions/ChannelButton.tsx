import { Check, type LucideIcon } from 'lucide-react';
import { useI18n } from '../../i18n/messages.ts';

/** A channel's Subscribe/Join control, on the per-script gate and on /subscribe: violet until done, then green. */
export function channelButtonClasses(done: boolean, extra = ''): string {
  const base = 'inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';
  const tone = done
    ? 'bg-emerald-600/20 text-emerald-300 ring-1 ring-emerald-500/40 hover:bg-emerald-600/30'
    : 'bg-violet-600 text-white hover:bg-violet-500';
  return `${base} ${tone}${extra ? ` ${extra}` : ''}`;
}

/** What such a control says: its icon and label, and for screen readers which channel opens in a new tab. */
export function ChannelButtonContent({ done, label, channel, Icon }: { done: boolean; label: string; channel: string; Icon: LucideIcon }) {
  const { m } = useI18n();
  const Shown = done ? Check : Icon;
  return (
    <>
      <Shown className="size-4" aria-hidden="true" />
      {label}
      <span className="sr-only">
        {' '}
        {channel} {m.subscriptions.newTab}
      </span>
    </>
  );
}
