import { index, layout, prefix, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';

/** A route's id in a prefixed reading: the same module under `/en/…` or `/ru/…` needs an id of its own. */
function inReading(entries: RouteConfigEntry[], reading: string): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `${reading}:${entry.id ?? entry.file.replace(/\.tsx?$/, '')}`,
    children: entry.children ? inReading(entry.children, reading) : undefined,
  }));
}

/** The public pages and their files, the same in each reading (docs/decisions/0045-languages.md). */
function publicRoutes(): RouteConfigEntry[] {
  return [
    route('feed.xml', 'routes/feed.ts'),
    route('opensearch.xml', 'routes/opensearch.ts'),
    route('games/:slug/feed.xml', 'routes/game-feed.ts'),
    route('scripts/:id/feed.xml', 'routes/script-feed.ts'),
    layout('routes/public-layout.tsx', [
      index('routes/home.tsx'),
      route('info', 'routes/info.tsx'),
      route('scripts', 'routes/scripts.tsx'),
      // `{id}-{slug}` (canonical) or `{id}`: docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls.
      route('scripts/:id', 'routes/script-detail.tsx'),
      route('games', 'routes/games.tsx'),
      route('games/:slug', 'routes/game.tsx'),
      route('executors', 'routes/executors.tsx'),
      route('executors/:slug', 'routes/executor.tsx'),
      route('types', 'routes/types.tsx'),
      route('types/:slug', 'routes/type.tsx'),
      route('subscribe', 'routes/subscribe.tsx'),
      route('favourites', 'routes/favourites.tsx'),
      route('privacy', 'routes/privacy.tsx'),
      route('terms', 'routes/terms.tsx'),
      route('cookies', 'routes/cookies.tsx'),
      route('seo', 'routes/seo.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ];
}

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Staff panels: rendered in the client, code-split away from the public pages.
  route('moderator', 'routes/moderator/index.tsx'),
  route('moderator/login', 'routes/moderator/login.tsx'),
  // Each panel's sections are path routes inside its layout (guard, shell, query client).
  layout('routes/moderator/panel.tsx', [
    route('moderator/dashboard', 'routes/moderator/scripts.tsx', { id: 'moderator-dashboard' }),
    route('moderator/scripts', 'routes/moderator/scripts.tsx', { id: 'moderator-scripts' }),
    route('moderator/reports', 'routes/moderator/reports.tsx'),
  ]),
  route('admin', 'routes/admin/login.tsx'),
  route('admin/dashboard', 'routes/admin/dashboard.tsx', [
    index('routes/admin/overview.tsx'),
    route('scripts', 'routes/admin/scripts.tsx'),
    route('games', 'routes/admin/games.tsx'),
    route('executors', 'routes/admin/executors.tsx'),
    route('script-types', 'routes/admin/script-types.tsx'),
    route('moderators', 'routes/admin/moderators.tsx'),
    route('site-channels', 'routes/admin/site-channels.tsx'),
    route('reports', 'routes/admin/reports.tsx'),
    route('log', 'routes/admin/log.tsx'),
    route('domains', 'routes/admin/domains.tsx'),
  ]),
  // The specification's reading, unprefixed; then the wholly English and wholly Russian ones.
  ...publicRoutes(),
  ...prefix('en', inReading(publicRoutes(), 'en')),
  ...prefix('ru', inReading(publicRoutes(), 'ru')),
] satisfies RouteConfig;
