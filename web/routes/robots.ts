import { renderRobots, siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/robots';

/** /robots.txt: everything public is open; the staff panels and the API are not; points at the sitemap. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context.get(webContext).settings.siteUrl, request.url);
  return new Response(renderRobots(origin), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
