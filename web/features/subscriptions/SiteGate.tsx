import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Channel } from '../../../contract/index.ts';
import { channelsVersion, decideSiteGate, subscribeHref } from './site-subscription.ts';
import { readSiteSubscription, resetSiteSubscription } from './subscription-storage.ts';

/**
 * The site-wide gate, the guard on /scripts/{id} (docs/product.md#site-wide-gate). Renders nothing. After hydration,
 * when the site channel list is non-empty and the visitor has not subscribed to this exact list, it
 * resets a stale `isSubscribed` and replaces the current entry with /subscribe?from=<this location>,
 * so Back from the script page never lands on /subscribe.
 */
export function SiteGate({ siteChannels }: { siteChannels: Channel[] }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const version = channelsVersion(siteChannels);

  useEffect(() => {
    const decision = decideSiteGate(readSiteSubscription(), siteChannels);
    if (decision.open) return;
    if (decision.resetFlag) resetSiteSubscription();
    void navigate(subscribeHref(pathname, search), { replace: true });
    // `version` stands for the list: a new array with the same names is no change.
  }, [version, pathname, search, navigate]);

  return null;
}
