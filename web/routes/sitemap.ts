import { renderSitemap, scriptWindow, siteOrigin, sitemapPart } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/sitemap';

/**
 * /sitemap.xml: the public pages and every script page, with absolute URLs (SITE_URL or the
 * request's origin); an index of files of 50,000 URLs once the catalogue outgrows one. Each file
 * reads only its own scripts.
 */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = new URL(request.url).searchParams.get('page');
  const { total } = await context.catalogue.sitemap(0, 0);
  const part = sitemapPart(total, page);
  if (part === undefined) {
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  let scripts: Awaited<ReturnType<typeof context.catalogue.sitemap>>['scripts'] = [];
  if (part.kind === 'urls') {
    const { offset, limit } = scriptWindow(part);
    if (limit > 0) scripts = (await context.catalogue.sitemap(offset, limit)).scripts;
  }
  return new Response(renderSitemap(origin, part, scripts), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
