import type { FastifyInstance } from 'fastify';

/**
 * Who the warm-up says it is: a crawler, so that no view, vote or search it makes is counted
 * (server/visitors/visitor.ts, isCountable), from the loopback address inject uses, which no
 * address budget counts.
 */
export const WARM_UP_AGENT = 'ScriptHub-warm-up-bot/1.0';

/** The kinds of public page visitors ask most, in each reading; `{id}` is the newest script's. */
const PAGES = ['/', '/scripts', '/scripts?q=script', '/scripts/{id}', '/en/scripts', '/en/scripts/{id}', '/ru/scripts', '/ru/scripts/{id}', '/games', '/executors'];

export interface WarmUp {
  /** The pages asked, with the status each got. */
  pages: { path: string; status: number }[];
  ms: number;
}

/**
 * Asks each kind of public page once before the process takes traffic (docs/decisions/0061-warm-up.md):
 * a fresh process loads its route modules and compiles the render on its first pages, which then cost
 * ten times a warm one, and a burst of visitors met there was refused by the cold-render gate. The
 * pages are kept in the page cache as any visitor's would be.
 */
export async function warmUp(app: FastifyInstance, siteUrl: string | undefined): Promise<WarmUp> {
  const started = performance.now();
  const headers = { 'user-agent': WARM_UP_AGENT, ...(siteUrl ? { host: new URL(siteUrl).host } : {}) };
  const newest = await app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=1', headers });
  const id = newest.statusCode === 200 ? (newest.json() as { scripts?: { id?: number }[] }).scripts?.[0]?.id : undefined;
  const pages: WarmUp['pages'] = [];
  for (const page of PAGES) {
    if (page.includes('{id}') && id === undefined) continue;
    const path = page.replace('{id}', String(id));
    const answer = await app.inject({ method: 'GET', url: path, headers });
    pages.push({ path, status: answer.statusCode });
  }
  return { pages, ms: Math.round(performance.now() - started) };
}
