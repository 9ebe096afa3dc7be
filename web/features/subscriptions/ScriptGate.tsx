import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Channel } from '../../../contract/index.ts';
import { allChannelsDone, doneChannelIds } from './site-subscription.ts';
import { readScriptSubscriptions } from './subscription-storage.ts';

export interface ScriptGateProps {
  scriptId: number;
  /** The script's required channels (from the page's loader). */
  channels: Channel[];
  /** What shows once every channel is done (or when there are none). */
  children: ReactNode;
  /**
   * The gated area while stored flags are unknown (server render, first client render): GateSkeleton,
   * passed in by the page, which shows it while this module's chunk loads too.
   */
  pending: ReactNode;
}

const ChannelGate = lazy(() => import('./ChannelGate.tsx'));

interface Checked {
  /** Which script and channel list this reading of storage belongs to. */
  key: string;
  done: ReadonlySet<string>;
  /** All done when the page loaded: the content shows. Otherwise the gate stays until Continue reloads. */
  open: boolean;
}

/**
 * The per-script subscription gate (docs/product.md#per-script-gate).
 *
 * The server cannot read localStorage, so for a script with channels the server render and the first
 * client render both show a neutral placeholder; an effect then reads the stored flags and shows the
 * gate or the content. A script without channels renders its content directly, on the server too.
 */
export function ScriptGate({ scriptId, channels, children, pending }: ScriptGateProps) {
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
  if (!current) return <>{pending}</>;
  if (current.open) return <>{children}</>;

  return (
    <Suspense fallback={pending}>
      <ChannelGate scriptId={scriptId} channels={channels} done={current.done} onDone={(done) => setChecked({ ...current, done })} />
    </Suspense>
  );
}
