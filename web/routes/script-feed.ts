import { redirect } from 'react-router';
import { parseScriptParam } from '../../contract/script-url.ts';
import { scriptPath, scriptSlug } from '../../contract/slugs.ts';
import { renderScriptFeed, SCRIPT_FEED_SIZE } from '../features/script-detail/feed.ts';
import { scriptFeedPath } from '../features/script-detail/meta.ts';
import { ATOM_TYPE } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { pathIn, readingOfPath } from '../i18n/reading.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/script-feed';

// Kept by no cache: a script's change drops its page from the page cache but not this address
// (contract/catalogue-params.ts), and a hidden script's feed must go at once (docs/decisions/0044-loader-versions.md).
const FRESH = { 'cache-control': 'no-cache' };

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...FRESH } });

/**
 * /scripts/{id}-{slug}/feed.xml (and /scripts/{id}/feed.xml): the script's loader updates as an Atom
 * feed; a stale slug moves to the canonical address, as the script's page does; an unknown, hidden or
 * malformed id is 404. Under `/en/` and `/ru/`, the feed is in that reading: its texts and its links.
 */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const named = parseScriptParam(params.id);
  const script = named === undefined ? undefined : await context.catalogue.get(named.id);
  if (named === undefined || !script) return notFound();
  const path = scriptPath(script);
  if (named.slug !== undefined && named.slug !== scriptSlug(script.playsname)) throw redirect(pathIn(reading, scriptFeedPath(path)), { status: 301, headers: FRESH });
  const versions = await context.catalogue.versions(script.id, SCRIPT_FEED_SIZE, 0);
  if (!versions) return notFound();
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const feedScript = { id: script.id, playsname: script.playsname, path, updatedAt: script.updatedAt };
  const xml = renderScriptFeed(origin, feedScript, versions, context.settings.siteName, { reading, m: messagesFor(reading) });
  return new Response(xml, { headers: { 'content-type': ATOM_TYPE, ...FRESH } });
}
