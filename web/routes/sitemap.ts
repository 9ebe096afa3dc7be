import { renderSitemap, siteOrigin, sitemapUrls } from '../features/static/site-files.ts';
import type { Route } from './+types/sitemap';

/** /sitemap.xml: the public pages and every script page, with absolute URLs (SITE_URL or the request's origin). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = new URL(request.url).searchParams.get('page');
  const xml = renderSitemap(origin, sitemapUrls(await context.catalogue.sitemap()), page);
  if (xml === undefined) {
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
