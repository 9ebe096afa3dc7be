import { expect } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import type { TestContext } from './app.ts';
import { createAdmin, injectAs } from './auth.ts';
import { insertScript } from './factories.ts';

/** Every public page of web/routes.ts, its feeds and the site's files, as the specification's reading has them. */
export interface PublicPages {
  /** The pages with a reading each (`/ru/…`, `/en/…`), feeds and OpenSearch included. */
  read: string[];
  /** The site's files, one for the site: `/sitemap.xml`, `/robots.txt`. */
  site: string[];
}

/** A game, an executor and a script on them, and every public page that shows them. */
export async function publicPages(ctx: TestContext): Promise<PublicPages> {
  const admin = await createAdmin(ctx);
  const game = await injectAs(ctx, admin, { method: 'POST', url: '/api/games', payload: { name: 'Treasure Island' } });
  expect(game.statusCode, game.body).toBe(201);
  const executor = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: { name: 'Lightning', platforms: ['windows'], status: 'working', free: true } });
  expect(executor.statusCode, executor.body).toBe(201);
  const { slug: gameSlug, id: gameId } = game.json() as { slug: string; id: number };
  const { slug: executorSlug } = executor.json() as { slug: string };
  const script = await insertScript(ctx.services, { playsname: 'Fly Over The Island', game: { id: gameId }, executors: [executorSlug] });
  return {
    read: [
      '/',
      '/info',
      '/scripts',
      '/scripts.data',
      scriptPath(script),
      `/scripts/${script.id}`,
      '/games',
      `/games/${gameSlug}`,
      '/executors',
      `/executors/${executorSlug}`,
      '/subscribe',
      '/favourites',
      '/privacy',
      '/terms',
      '/cookies',
      '/seo',
      '/no-such-page',
      '/feed.xml',
      '/opensearch.xml',
      `/games/${gameSlug}/feed.xml`,
      `/scripts/${script.id}/feed.xml`,
    ],
    site: ['/sitemap.xml', '/robots.txt'],
  };
}
