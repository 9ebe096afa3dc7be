import { fixedPaths, renderSitemap, scriptWindow, siteOrigin, sitemapPart } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { typeSitemapPaths } from '../features/script-types/links.ts';
import type { Route } from './+types/sitemap';

/**
 * /sitemap.xml: the public pages, each game's, executor's and script type's page and every script page (at its slug URL), with absolute URLs (SITE_URL or the
 * request's origin); an index of files of 50,000 URLs once the catalogue outgrows one. Each file
 * reads only its own scripts.
 */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = new URL(request.url).searchParams.get('page');
  const [{ total }, games, executors, types] = await Promise.all([context.catalogue.sitemap(0, 0), context.games.list(), context.executors.list(), context.types.list()]);
  // Game pages with scripts to show; an empty one is not worth a crawler's visit. Every executor's page
  // is worth one, its status news even with no script (docs/decisions/0042-executor-pages.md#the-executors-pages).
  const fixed = [
    ...fixedPaths(
      games.filter((game) => game.scripts > 0).map((game) => game.slug),
      executors.map((executor) => executor.slug),
    ),
    ...typeSitemapPaths(types),
  ];
  const part = sitemapPart(total, page, undefined, fixed.length);
  if (part === undefined) {
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  let scripts: Awaited<ReturnType<typeof context.catalogue.sitemap>>['scripts'] = [];
  if (part.kind === 'urls') {
    const { offset, limit } = scriptWindow(part, fixed.length);
    if (limit > 0) scripts = (await context.catalogue.sitemap(offset, limit)).scripts;
  }
  return new Response(renderSitemap(origin, part, scripts, fixed), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
