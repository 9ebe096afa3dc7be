import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, SITE_ADMIN } from './harness.ts';
import { e2eSuite } from './suite.ts';

/**
 * The admin dashboard's Overview (issue 14, docs/product.md#admin-overview): where the dashboard opens
 * after a login; views per day for 30 days and new scripts per day as charts with a text alternative,
 * the week's most viewed scripts, and the searches that found nothing, from seeded data.
 *
 * Data is arranged before any page asks (the server keeps the overview up to a minute).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const today = Math.floor(Date.now() / DAY_MS);
const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayText = (day: number) => dayString(day).split('-').reverse().join('.');

describe('admin overview in a real browser', () => {
  /** Views per day of the whole catalogue, as seeded: day offset (0 = today) → views. */
  const seeded = new Map<number, number>();
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ site }) => {
      const db = site.services.db.kysely;
      // Three scripts, two of them added on earlier days (new scripts per day).
      const popular = await insertScript(site.services, { playsname: 'Overview Popular Hub', createdAt: new Date((today - 3) * DAY_MS + 3_600_000) });
      const steady = await insertScript(site.services, { playsname: 'Overview Steady Hub', createdAt: new Date((today - 3) * DAY_MS + 7_200_000) });
      const old = await insertScript(site.services, { playsname: 'Overview Old Hub', createdAt: new Date((today - 40) * DAY_MS) });
      // Every one of the 30 days has views: day d ago, (d % 5 + 1) × 10 for the popular one, 3 for the steady one.
      const rows: { script_id: number; day: number; views: number }[] = [];
      for (let d = 0; d < 30; d += 1) {
        rows.push({ script_id: popular.id, day: today - d, views: ((d % 5) + 1) * 10 }, { script_id: steady.id, day: today - d, views: 3 });
        seeded.set(d, ((d % 5) + 1) * 10 + 3);
      }
      // Views older than the window count nowhere.
      rows.push({ script_id: old.id, day: today - 45, views: 999 });
      await db.insertInto('script_daily_views').values(rows).execute();
      await db
        .insertInto('search_misses')
        .values([
          { query: 'sky wars autofarm', day: today, searches: 4 },
          { query: 'sky wars autofarm', day: today - 2, searches: 3 },
          { query: 'doors esp', day: today - 1, searches: 5 },
          { query: 'too old to show', day: today - 10, searches: 50 },
        ])
        .execute();
    },
  });

  const dashboard = (viewport = DESKTOP) => suite.visit('/admin/dashboard', { viewport, tokens: { admin: suite.adminToken } });

  it('the login opens the dashboard on the Overview; Scripts is its own path', async () => {
    const page = await suite.visit('/admin');
    await page.getByLabel('Username').fill(SITE_ADMIN.username);
    await page.getByLabel('Password').fill(SITE_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin Panel' });
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Scripts' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard/scripts`);
    await page.getByRole('heading', { level: 1, name: 'Manage Scripts' }).waitFor();
    // An old ?section= address still finds its section.
    await page.goto(`${suite.url}/admin/dashboard?section=scripts`);
    await page.waitForURL(`${suite.url}/admin/dashboard/scripts`);
    await page.getByRole('heading', { level: 1, name: 'Manage Scripts' }).waitFor();
  });

  it('views per day: an SVG chart with a point per day, and the same figures as a table for screen readers', async () => {
    const page = await dashboard();
    const chart = page.getByTestId('views-chart');
    await chart.getByRole('heading', { name: 'Views per day' }).waitFor();
    // The drawing: recharts' SVG with one dot per day of the 30.
    const dots = chart.locator('svg .recharts-area-dot');
    await expect.poll(() => dots.count(), { timeout: 15_000 }).toBe(30);
    expect(await chart.locator('svg').first().isVisible()).toBe(true);
    const total = [...seeded.values()].reduce((sum, value) => sum + value, 0);
    await chart.getByText(`Total: ${new Intl.NumberFormat('en-US').format(total)}`).waitFor();

    // The text alternative: the drawing is hidden, the table holds every day's figure.
    expect(await chart.locator('[aria-hidden="true"] svg').count()).toBeGreaterThan(0);
    const table = chart.getByRole('table', { name: 'Views per day, the last 30 days' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(30);
    expect(await rows.first().textContent()).toBe(`${dayText(today - 29)}${seeded.get(29)}`);
    expect(await rows.last().textContent()).toBe(`${dayText(today)}${seeded.get(0)}`);
    expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
    const summary = await page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`).textContent();
    expect(summary).toContain(`${new Intl.NumberFormat('en-US').format(total)} in 30 days`);

    // New scripts per day: bars on the days scripts were added.
    const newScripts = page.getByTestId('new-scripts-chart');
    await newScripts.getByRole('heading', { name: 'New scripts per day' }).waitFor();
    const newRows = newScripts.getByRole('table').locator('tbody tr');
    expect(await newRows.count()).toBe(30);
    expect(await newRows.nth(29 - 3).textContent()).toBe(`${dayText(today - 3)}2`);
    await expect.poll(() => newScripts.locator('svg .recharts-bar-rectangle').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, 'overview');
  });

  it('top scripts this week and the searches that found nothing (last 7 days, counted)', async () => {
    const page = await dashboard();
    const top = page.getByRole('table', { name: 'Top scripts this week' });
    await top.waitFor();
    const week = (from: number) => Array.from({ length: 7 }, (_, d) => from + ((d % 5) + 1) * 10).reduce((a, b) => a + b, 0);
    const topRows = top.locator('tbody tr');
    expect(await topRows.count()).toBe(2);
    expect(await topRows.nth(0).textContent()).toContain('Overview Popular Hub');
    expect(await topRows.nth(0).locator('td').last().textContent()).toBe(String(week(0)));
    expect(await topRows.nth(1).locator('td').last().textContent()).toBe('21');
    // The script opens on the public site.
    const link = topRows.nth(0).getByRole('link', { name: /Overview Popular Hub/ });
    expect(await link.getAttribute('href')).toMatch(/^\/scripts\/\d+-overview-popular-hub$/);

    const misses = page.getByRole('table', { name: 'Searches that found nothing' });
    const missRows = misses.locator('tbody tr');
    await expect.poll(() => missRows.count()).toBe(2);
    expect(await missRows.nth(0).textContent()).toBe('1sky wars autofarm7');
    expect(await missRows.nth(1).textContent()).toBe('2doors esp5');
    expect(await misses.textContent()).not.toContain('too old to show');
  });

  it('375 px: the charts fit the screen, no horizontal scroll', async () => {
    const page = await dashboard(PHONE);
    await expect.poll(() => page.getByTestId('views-chart').locator('svg .recharts-area-dot').count(), { timeout: 15_000 }).toBe(30);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'overview at 375 px');
  });
});
