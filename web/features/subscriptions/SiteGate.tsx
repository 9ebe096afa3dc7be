import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Channel } from '../../../contract/index.ts';
import { useI18n } from '../../i18n/messages.ts';
import { channelsVersion, decideSiteGate, subscribeHref } from './site-subscription.ts';
import { readSiteSubscription, resetSiteSubscription } from './subscription-storage.ts';

/**
 * The site-wide gate, the guard on /scripts/{id} (docs/product.md#site-wide-gate). Renders nothing. After hydration,
 * when the site channel list is non-empty and the visitor has not subscribed to this exact list, it
 * resets a stale `isSubscribed` and replaces the current entry with /subscribe?from=<this location>,
 * so Back from the script page never lands on /subscribe. In a reading, /subscribe is that reading's
 * (`/ru/subscribe?from=/ru/scripts/…`).
 */
export function SiteGate({ siteChannels }: { siteChannels: Channel[] }) {
  const { path } = useI18n();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const version = channelsVersion(siteChannels);

  useEffect(() => {
    const decision = decideSiteGate(readSiteSubscription(), siteChannels);
    if (decision.open) return;
    if (decision.resetFlag) resetSiteSubscription();
    void navigate(path(subscribeHref(pathname, search)), { replace: true });
    // `version` stands for the list: a new array with the same names is no change.
  }, [version, pathname, search, navigate, path]);

  return null;
}
