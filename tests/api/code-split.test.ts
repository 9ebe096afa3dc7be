import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';

// Texts that only the staff panels show (docs/product.md#staff-panels, docs/product.md#error-texts): none may reach a visitor's browser.
const PANEL_TEXTS = ['Вход для модератора', 'Create New Moderator', 'Manage Moderators', 'Превышено время ожидания запроса', 'Вы уверены, что хотите удалить этот скрипт?'];
// The chart library's own class names (its SVG root and wrapper), which survive minification: only
// the panels' charts use it (docs/decisions/0012-panel-charts-and-game-field.md#charts-in-the-panels).
const CHART_LIBRARY = ['recharts-surface', 'recharts-wrapper'];
const PUBLIC_PAGES = ['/', '/info', '/scripts', '/scripts/{id}', '/games', '/games/{game}', '/executors', '/executors/{executor}', '/subscribe', '/privacy', '/no-such-page'];
/** A public page's path with the fixture's script, game and executor. */
const pathOf = (path: string, id: number) => path.replace('{id}', String(id)).replace('{game}', 'split-game').replace('{executor}', 'split-executor');

describe('code splitting of the built web app', () => {
  let ctx: TestContext;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true });
    id = (await insertScript(ctx.services, { playsname: 'Split Farm' })).id;
    await setFacts(ctx, id, { gameId: await insertGame(ctx, 'Split Game', 'split-game') });
    await ctx.services.executors.create({ name: 'Split Executor', slug: 'split-executor', platforms: ['windows'], status: 'working' });
  });
  afterAll(async () => ctx?.close());

  /**
   * Every script a page loads at first: its module scripts and modulepreloads, and what they import
   * statically; with `dynamic`, also every chunk they can load later (import(), and the files the
   * bundler's preload map names), so nothing the page could ever fetch is left out.
   */
  async function firstLoadJs(url: string, { dynamic = false } = {}): Promise<Map<string, string>> {
    const html = (await ctx.app.inject({ method: 'GET', url })).body;
    const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    const files = new Map<string, string>();
    while (queue.length > 0) {
      const asset = queue.pop() as string;
      if (files.has(asset)) continue;
      const response = await ctx.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      files.set(asset, response.body);
      for (const m of response.body.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
      if (!dynamic) continue;
      for (const m of response.body.matchAll(/(?:from|import)\s*\(?\s*[`"']\.\/([^`"']+\.js)[`"']/g)) queue.push(`/assets/${m[1]}`);
      for (const m of response.body.matchAll(/[`"']assets\/([^`"']+\.js)[`"']/g)) queue.push(`/assets/${m[1]}`);
    }
    return files;
  }

  it.each(PUBLIC_PAGES)('ships no panel code on %s', async (path) => {
    const files = await firstLoadJs(pathOf(path, id));
    expect(files.size).toBeGreaterThan(0);
    for (const [asset, text] of files) {
      for (const marker of PANEL_TEXTS) expect(text.includes(marker), `${asset} holds "${marker}"`).toBe(false);
    }
  });

  it('does ship the panel texts in the panels’ own chunks (so the check above can fail)', async () => {
    const files = await firstLoadJs('/moderator/login');
    const all = [...files.values()].join('\n');
    expect(all).toContain('Вход для модератора');
  });

  it.each(PUBLIC_PAGES)('never lets %s load the chart library, not even later', async (path) => {
    const files = await firstLoadJs(pathOf(path, id), { dynamic: true });
    expect(files.size).toBeGreaterThan(0);
    for (const [asset, text] of files) {
      for (const marker of CHART_LIBRARY) expect(text.includes(marker), `${asset} holds "${marker}"`).toBe(false);
    }
  });

  it.each(['/admin/dashboard', '/moderator/dashboard'])('loads the chart library on demand in the panel at %s (so the check above can fail)', async (path) => {
    const firstLoad = [...(await firstLoadJs(path)).values()].join('\n');
    // Not before a chart is shown: the panel's first load leaves it out.
    for (const marker of CHART_LIBRARY) expect(firstLoad).not.toContain(marker);
    const reachable = [...(await firstLoadJs(path, { dynamic: true })).values()].join('\n');
    for (const marker of CHART_LIBRARY) expect(reachable).toContain(marker);
  });

  // The schema library is the panels' (their forms validate with the contract): a public page that
  // imports a schema module for a helper ships all of it, about 27 KB gzip (docs/decisions/0017-public-page-javascript-budget.md).
  it.each(['/', '/scripts', '/scripts/{id}', '/games', '/executors', '/executors/{executor}'])('ships no schema library on %s', async (path) => {
    const files = await firstLoadJs(pathOf(path, id));
    for (const [asset, text] of files) expect(text.includes('ZodError'), `${asset} holds zod`).toBe(false);
  });

  it('does ship the schema library in the panels (so the check above can fail)', async () => {
    const files = await firstLoadJs('/moderator/login');
    const lazy = [...files.values()].join('\n');
    // The panel's own chunk imports it, statically or on its first call.
    const chunks = [...lazy.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => `/assets/${m[1]}`);
    const texts = [lazy, ...(await Promise.all(chunks.map(async (asset) => (await ctx.app.inject({ method: 'GET', url: asset })).body)))];
    expect(texts.some((text) => text.includes('ZodError'))).toBe(true);
  });
});
