import { useEffect, useRef } from 'react';
import type { Channel } from '../../../contract/scripts.ts';
import { allChannelsDone, decideSiteGate, doneChannelIds } from '../subscriptions/site-subscription.ts';
import { readScriptSubscriptions, readSiteSubscription } from '../subscriptions/subscription-storage.ts';

/**
 * The History section (docs/product.md#history): the server's HTML (history.server.tsx) as it is,
 * and its Show changes buttons, which load the line diff's chunk on the first press. The buttons show
 * once the page runs and the visitor was past both gates as the page loaded, what the Script tab
 * waits for (ScriptGate, useLoaderText; Continue reloads the page). Till then they keep their room
 * (app.css), so nothing moves when they show.
 */
export function ScriptHistory({ html, scriptId, channels, siteChannels }: { html: string; scriptId: number; channels: Channel[]; siteChannels: Channel[] }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const section = ref.current;
    const open = decideSiteGate(readSiteSubscription(), siteChannels).open && allChannelsDone(channels, doneChannelIds(readScriptSubscriptions(), scriptId));
    if (!section || !open) return;
    // Set on the element, not rendered: React leaves an attribute it never rendered alone.
    section.dataset.historyOpen = '';
    // One listener for every button: they are the server's HTML, not React's.
    const press = (event: MouseEvent) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-version]');
      if (button) void import('./history-diff.ts').then((diff) => diff.toggleChanges(button, scriptId));
    };
    section.addEventListener('click', press);
    return () => section.removeEventListener('click', press);
    // The gates' stored flags are read once per script, as ScriptGate reads them.
  }, [scriptId]);

  return html ? <div ref={ref} data-testid="history" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
