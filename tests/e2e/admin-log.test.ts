import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../contract/games.ts';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, staffApi } from './harness.ts';
import { json } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The admin's Log section (issue 15, docs/product.md#moderation-log) at /admin/dashboard/log: every staff
 * action newest first, filtered by account and action, with what changed; nothing to edit or delete.
 */
describe('admin moderation log in a real browser', () => {
  const suite = e2eSuite({ admin: true });

  const api = <T>(path: string, init?: RequestInit) => staffApi<T>(suite, suite.adminToken, path, init);

  async function section(viewport = DESKTOP): Promise<Page> {
    const page = await suite.visit('/admin/dashboard/log', { viewport, tokens: { admin: suite.adminToken } });
    await page.getByRole('heading', { level: 1, name: 'Moderation Log' }).waitFor();
    return page;
  }
  const rows = (page: Page) => page.getByRole('table', { name: 'Moderation log' }).locator('tbody tr');

  it('is a section of the sidebar and lists the admin’s login, newest first', async () => {
    const page = await suite.visit('/admin/dashboard', { tokens: { admin: suite.adminToken } });
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Log' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard/log`);
    await page.getByRole('heading', { level: 1, name: 'Moderation Log' }).waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: 'Moderation log' }).getByText('Logged in').count()).toBeGreaterThan(0);
    // Read only: no row offers an edit or a delete.
    expect(await page.getByRole('table', { name: 'Moderation log' }).getByRole('button').count()).toBe(0);
    await expectNoSeriousViolations(page, 'the Log section');
  });

  it('shows what an edit changed, filtered by action and by account', async () => {
    const game = await api<Game>('/api/games', json('POST', { name: 'Logbook Game' }));
    await api<Game>(`/api/games/${game.id}`, json('PATCH', { name: 'Logbook Game Renamed' }));
    const page = await section();

    await page.getByLabel('Action').selectOption({ label: 'Edited a game' });
    // The unfiltered list's newest row is this edit too: wait for the filtered list itself, one row.
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Logbook Game Renamed');
    const row = rows(page).first();
    expect(await row.textContent()).toContain('admin');
    await row.getByText('1 field').click();
    const changes = await row.locator('dd').first().textContent();
    expect(changes).toBe('Logbook Game → Logbook Game Renamed');

    await page.getByRole('searchbox', { name: 'Account name' }).fill('nobody-here');
    await page.getByText('No entries match these filters').waitFor();
    await page.getByRole('searchbox', { name: 'Account name' }).fill('ADMIN');
    await expect.poll(() => rows(page).count()).toBe(1);
  });

  it('fits a phone: the table scrolls inside its frame, the page does not', async () => {
    const page = await section(PHONE);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
