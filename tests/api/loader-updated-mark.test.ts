import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { cardsOf, visibleText, wordsOf } from '../helpers/html.ts';
import { scriptForm } from '../helpers/staff.ts';

/**
 * "Loader updated N days ago" on cards and the script page (issue 28, item 2; needs `npm run build`):
 * in the server's HTML for an update of the last 14 calendar days (the site's zone, UTC here), with
 * "Update added a high-risk finding" when the latest update added a high finding; nothing for an
 * older update or a loader never changed.
 */

const DAY = 86_400_000;
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = "stats" })';

/** The words a page rendered at `renderedAt` says of an update at `changedAt`: calendar days in UTC. */
function expectedWords(changedAt: number, renderedAt: number): string {
  const days = Math.floor(renderedAt / DAY) - Math.floor(changedAt / DAY);
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The text of an element's HTML as a reader sees it (tags dropped). */
const textOf = wordsOf;

describe.each(dialects)('the loader-updated line on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  const scripts: Record<'fresh' | 'calm' | 'boundary' | 'old' | 'never', { id: number; path: string; changedAt: number | null }> = {} as never;

  const create = async (playsname: string, loadstring: string) => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: { playsname, description: 'Marked', loadstring } });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().id as number, path: scriptPath({ id: response.json().id, playsname }) };
  };
  const changeLoader = async (id: number, loadstring: string) => {
    const response = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm({ loadstring }) });
    expect(response.statusCode, response.body).toBe(200);
  };
  // A save stamps its update with the time it ran; an older update is that stamp moved back, since
  // the pages count days on the real clock (the app's test clock moves sessions and views, not saves).
  const backdate = async (id: number, daysAgo: number) => {
    const at = Date.now() - daysAgo * DAY;
    await ctx.db.kysely.updateTable('scripts').set({ loader_changed_at: new Date(at).toISOString() }).where('id', '=', id).execute();
    return at;
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    admin = await createAdmin(ctx);
    const fresh = await create('Marked Fresh Webhook', 'print("fresh")');
    await changeLoader(fresh.id, WEBHOOK);
    const calm = await create('Marked Calm Update', 'print("calm")');
    await changeLoader(calm.id, 'print("calm 2")');
    const boundary = await create('Marked Fortnight', 'print("edge")');
    await changeLoader(boundary.id, WEBHOOK);
    const old = await create('Marked Old Webhook', 'print("old")');
    await changeLoader(old.id, WEBHOOK);
    const never = await create('Marked Never Changed', WEBHOOK);
    const freshAt = Date.parse((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${fresh.id}` })).json().loaderChangedAt);
    scripts.fresh = { ...fresh, changedAt: freshAt };
    scripts.calm = { ...calm, changedAt: await backdate(calm.id, 3) };
    scripts.boundary = { ...boundary, changedAt: await backdate(boundary.id, 14) };
    scripts.old = { ...old, changedAt: await backdate(old.id, 15) };
    scripts.never = { ...never, changedAt: null };
    // The backdating was written behind the app's back.
    ctx.services.cache.invalidate();
  });
  afterAll(async () => ctx?.close());

  const render = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return { html: response.body, renderedAt: Date.parse(String(response.headers.date)) };
  };

  it('marks the cards of /scripts: the recent updates in words, the high one flagged, the old and the unchanged not at all', async () => {
    const { html, renderedAt } = await render('/scripts?sort=updated');
    const cards = cardsOf(html);
    const card = (name: keyof typeof scripts) => {
      const found = cards.find((item) => item.includes(`href="${scripts[name].path}"`));
      expect(found, name).toBeDefined();
      return found as string;
    };
    const line = (name: keyof typeof scripts) => /<p class="loader-updated"[\s\S]*?<\/p>/.exec(card(name))?.[0];

    expect(textOf(line('fresh') ?? '')).toBe(`Loader updated ${expectedWords(scripts.fresh.changedAt as number, renderedAt)}. Update added a high-risk finding`);
    expect(line('fresh')).toContain(`<time dateTime="${new Date(scripts.fresh.changedAt as number).toISOString()}"`);
    expect(line('fresh')).toContain('<strong class="badge badge-warning">');
    expect(textOf(line('calm') ?? '')).toBe(`Loader updated ${expectedWords(scripts.calm.changedAt as number, renderedAt)}`);
    expect(textOf(line('calm') ?? '')).toBe('Loader updated 3 days ago');
    expect(textOf(line('boundary') ?? '')).toBe('Loader updated 14 days ago. Update added a high-risk finding');
    for (const name of ['old', 'never'] as const) {
      expect(visibleText(card(name)), name).not.toContain('Loader updated');
      expect(visibleText(card(name)), name).not.toContain('Update added a high-risk finding');
    }
  });

  it('marks the script page the same way, under its badges', async () => {
    const fresh = await render(scripts.fresh.path);
    const text = textOf(fresh.html);
    expect(text).toContain(`Loader updated ${expectedWords(scripts.fresh.changedAt as number, fresh.renderedAt)}. Update added a high-risk finding`);
    expect(textOf((await render(scripts.calm.path)).html)).toContain('Loader updated 3 days ago');
    expect(textOf((await render(scripts.calm.path)).html)).not.toContain('Update added a high-risk finding');
    for (const name of ['old', 'never'] as const) {
      const page = textOf((await render(scripts[name].path)).html);
      expect(page, name).not.toContain('Loader updated');
      expect(page, name).not.toContain('Update added a high-risk finding');
    }
  });

  it('drops the mark once a later update adds no high finding, at once', async () => {
    const { id, path } = await create('Marked Then Calmed', 'print("a")');
    await changeLoader(id, WEBHOOK);
    expect(textOf((await render(path)).html)).toContain('Update added a high-risk finding');
    await changeLoader(id, 'print("calmer now")');
    const page = textOf((await render(path)).html);
    expect(page).toMatch(/Loader updated (today|yesterday)/);
    expect(page).not.toContain('Update added a high-risk finding');
  });
});
