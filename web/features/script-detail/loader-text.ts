import { useEffect, useState } from 'react';
import type { Channel } from '../../../contract/scripts.ts';
import { decideSiteGate } from '../subscriptions/site-subscription.ts';
import { readSiteSubscription } from '../subscriptions/subscription-storage.ts';

/**
 * A gated script's loader text is left out of the page's HTML and its hydration data, so the gate is
 * not one "view source" away; the page asks the API for it once the visitor is past the gates.
 */
export type LoaderText = { state: 'ready'; text: string } | { state: 'loading' } | { state: 'failed'; retry: () => void };

export async function fetchLoaderText(id: number, signal: AbortSignal): Promise<string> {
  const response = await fetch(`/api/scripts/${id}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`script ${id}: HTTP ${response.status}`);
  const body = (await response.json()) as { loadstring?: unknown };
  if (typeof body.loadstring !== 'string') throw new Error(`script ${id}: no loader text`);
  return body.loadstring;
}

/**
 * The loader text: `initial` when the page carried it, else fetched. Mounted only behind the
 * per-script gate; the site-wide gate is checked here, since a visitor it stops is sent to /subscribe.
 */
export function useLoaderText(id: number, initial: string | null, siteChannels: Channel[]): LoaderText {
  const [fetched, setFetched] = useState<{ id: number; text: string } | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (initial !== null || !decideSiteGate(readSiteSubscription(), siteChannels).open) return;
    const controller = new AbortController();
    setFetched(null);
    fetchLoaderText(id, controller.signal).then(
      (text) => setFetched({ id, text }),
      () => {
        if (!controller.signal.aborted) setFetched('failed');
      },
    );
    return () => controller.abort();
    // siteChannels is read once per script: the site gate itself reacts to a changed list.
  }, [id, initial, attempt]);

  if (initial !== null) return { state: 'ready', text: initial };
  if (fetched === 'failed') return { state: 'failed', retry: () => setAttempt((count) => count + 1) };
  if (fetched?.id === id) return { state: 'ready', text: fetched.text };
  return { state: 'loading' };
}
