import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';

// Texts that only the staff panels show (docs/product.md#staff-panels, docs/product.md#error-texts): none may reach a visitor's browser.
const PANEL_TEXTS = ['Вход для модератора', 'Create New Moderator', 'Manage Moderators', 'Превышено время ожидания запроса', 'Вы уверены, что хотите удалить этот скрипт?'];

describe('code splitting of the built web app', () => {
  let ctx: TestContext;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true });
    id = (await insertScript(ctx.services, { playsname: 'Split Farm' })).id;
  });
  afterAll(async () => ctx?.close());

  /** Every script a page loads at first: its module scripts and modulepreloads, and what they import statically. */
  async function firstLoadJs(url: string): Promise<Map<string, string>> {
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
    }
    return files;
  }

  it.each(['/', '/scripts', '/scripts/{id}', '/games', '/subscribe', '/privacy'])('ships no panel code on %s', async (path) => {
    const files = await firstLoadJs(path.replace('{id}', String(id)));
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

  // The schema library is the panels' (their forms validate with the contract): a public page that
  // imports a schema module for a helper ships all of it, about 27 KB gzip (docs/decisions.md#public-pages-and-first-load-javascript).
  it.each(['/', '/scripts', '/scripts/{id}', '/games'])('ships no schema library on %s', async (path) => {
    const files = await firstLoadJs(path.replace('{id}', String(id)));
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
