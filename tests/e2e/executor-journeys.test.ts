import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../contract/executors.ts';
import { insertExecutor, setCompatibility } from '../helpers/compatibility.ts';
import { insertScript } from '../helpers/factories.ts';
import { staffApi, waitForHydration } from './harness.ts';
import { json, untilServed } from './staff.ts';
import { e2eSuite, VISITOR_AGENT } from './suite.ts';

// Issue 27's two journeys in Chromium: a visitor narrows the catalogue to mobile, opens a script that
// runs there, reads its compatibility and answers that it works on an executor, the count surviving a
// reload; the admin creates an executor, staff mark a script tested with it, the admin marks it
// patched, and the script's page says no working executor is known.

const cardTitles = (page: Page) => page.locator('.script-card-title').allInnerTexts();
const cells = (page: Page, slug: string) => page.locator(`[data-testid=compatibility] tr[data-executor="${slug}"] td`);

describe('executors and compatibility, end to end in a real browser', () => {
  const suite = e2eSuite({ admin: true });

  it('a visitor filters by mobile, opens a script, sees its compatibility, says it works on an executor and sees the count after a reload', async () => {
    const ctx = { db: suite.site.services.db, services: suite.site.services };
    const pocket = await insertExecutor(ctx, { name: 'Journey Pocket', slug: 'journey-pocket', platforms: ['android', 'ios'] });
    const desk = await insertExecutor(ctx, { name: 'Journey Desk', slug: 'journey-desk', platforms: ['windows'] });
    const { id: mobileId } = await insertScript(suite.site.services, { playsname: 'Journey Mobile Farm' });
    const { id: pcId } = await insertScript(suite.site.services, { playsname: 'Journey Desktop Farm' });
    await setCompatibility(ctx, mobileId, pocket, { tested: true });
    await setCompatibility(ctx, pcId, desk, { tested: true });
    await untilServed(suite.site, '/api/executors', '"journey-desk"');

    const page = await suite.visit('/scripts?q=journey', { userAgent: VISITOR_AGENT });
    await expect.poll(() => cardTitles(page)).toEqual(expect.arrayContaining(['Journey Mobile Farm', 'Journey Desktop Farm']));

    // The filter bar's Device select applies at once and puts the choice in the address.
    await page.getByLabel('Device').selectOption('mobile');
    await page.waitForURL(/platform=mobile/);
    await expect.poll(() => cardTitles(page)).toEqual(['Journey Mobile Farm']);
    const card = page.locator('li', { has: page.locator('.script-card-title', { hasText: 'Journey Mobile Farm' }) });
    await expect(card.getByRole('list', { name: 'Works on' }).innerText()).resolves.toContain('Mobile');

    await card.locator('a').first().click();
    await page.waitForURL(new RegExp(`/scripts/${mobileId}`));
    await waitForHydration(page);
    // The card's link navigates inside the app: the address changes before the script's page has drawn.
    await page.getByRole('table', { name: 'Compatibility' }).waitFor();
    await expect(cells(page, 'journey-pocket').nth(1).innerText()).resolves.toBe('Tested');

    await page.getByRole('button', { name: 'Where did you run it?' }).click();
    const select = page.getByRole('combobox', { name: 'Where did you run it?' });
    await select.locator('option', { hasText: 'Journey Pocket' }).waitFor({ state: 'attached' });
    await select.selectOption('journey-pocket');
    const works = page.getByRole('group', { name: 'Votes' }).getByRole('button', { name: /^Works \d+$/ });
    await works.click();
    await expect.poll(() => works.getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => cells(page, 'journey-pocket').nth(2).innerText()).toBe('1');
  });

  it('the admin creates an executor and marks it patched; the scripts that relied on it say no working executor is known', async () => {
    const { id: reliant } = await insertScript(suite.site.services, { playsname: 'Journey Reliant' });
    const { id: covered } = await insertScript(suite.site.services, { playsname: 'Journey Covered' });
    const other = await insertExecutor({ db: suite.site.services.db, services: suite.site.services }, { name: 'Journey Other', slug: 'journey-other', platforms: ['windows'] });

    const panel = await suite.visit('/admin/dashboard/executors', { tokens: { admin: suite.adminToken } });
    await panel.getByRole('button', { name: 'New Executor' }).first().click();
    const dialog = panel.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Journey Vortex');
    await dialog.getByLabel('Windows').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const executors = await (await fetch(`${suite.url}/api/executors`)).json() as Executor[];
    expect(executors.map((executor) => executor.slug)).toContain('journey-vortex');

    // Staff mark both scripts tested with it; the second also works on another, still working, executor.
    const edit = (id: number, slugs: string[]) =>
      staffApi(suite, suite.adminToken, `/api/update-script/${id}`, json('PATCH', { executors: slugs }));
    await edit(reliant, ['journey-vortex']);
    await edit(covered, ['journey-vortex', 'journey-other']);
    expect(other).toBeGreaterThan(0);

    const page = await suite.page({ userAgent: VISITOR_AGENT });
    await page.goto(`${suite.url}/scripts/${reliant}`);
    await expect(page.getByText('No working executor known').count()).resolves.toBe(0);

    const row = panel.getByRole('table', { name: 'Executors' }).locator('tbody tr', { hasText: 'Journey Vortex' });
    await row.getByRole('button', { name: 'Edit Journey Vortex' }).click();
    await dialog.getByLabel('Status').selectOption('patched');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(1).innerText()).toBe('Patched');

    // The change dropped every cached page: the next visit shows it beside Copy.
    await page.goto(`${suite.url}/scripts/${reliant}`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Script', exact: true }).click();
    const copy = page.getByRole('button', { name: /copy/i }).first();
    await copy.waitFor();
    // Said beside Copy, in the loader's header.
    const header = page.locator('div', { has: copy }).filter({ hasText: 'No working executor known' }).last();
    await expect(header.isVisible()).resolves.toBe(true);
    await page.goto(`${suite.url}/scripts/${covered}`);
    await expect(page.getByText('No working executor known').count()).resolves.toBe(0);
  });
});
