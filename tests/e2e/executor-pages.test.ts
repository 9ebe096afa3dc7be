import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_FIRST_PAGE } from '../../contract/constants.ts';
import { expectNoSeriousViolations } from './harness.ts';
import { createExecutor, createScript } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The executors' public pages in a real browser (issue 27, item 2; docs/product.md#executors-page):
 * a visitor finds /executors from the footer, opens an executor and sees the scripts that work on it,
 * loading the rest with Load More; without JavaScript the filter form still narrows the list.
 */

/** More than a first page of scripts tested with Orbit, so Load More has something to load. */
const ORBIT_SCRIPTS = CATALOGUE_FIRST_PAGE + 4;

const cards = (page: Page) => page.getByRole('list', { name: 'Scripts' }).locator('article');

describe('the executors\' pages in a real browser', () => {
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      await createExecutor(suite, adminToken, { name: 'Orbit', platforms: ['windows', 'android'], status: 'working', version: '3.1', website: 'https://orbit.example', free: true });
      await createExecutor(suite, adminToken, { name: 'Relic', platforms: ['ios'], status: 'patched' });
      // Staff saves that mark the executors each script was tested with.
      for (let i = 0; i < ORBIT_SCRIPTS; i += 1) await createScript(suite, adminToken, { playsname: `Orbit Farm ${i}`, description: 'Tested on Orbit', loadstring: `print(${i})`, executors: ['orbit'] });
      await createScript(suite, adminToken, { playsname: 'Relic Only Script', description: 'Tested on Relic', loadstring: 'print("relic")', executors: ['relic'] });
    },
  });

  it('a visitor opens /executors from the footer, opens an executor and loads all its scripts with Load More', async () => {
    const page = await suite.visit('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Executors', exact: true }).click();
    await page.waitForURL(`${suite.url}/executors`);
    await page.getByRole('heading', { level: 1, name: 'Roblox Executors' }).waitFor();
    await page.getByText(/^List last checked (just now|1 minute ago|\d+ minutes ago)$/).waitFor();

    const list = page.getByRole('list', { name: 'Executors' });
    const orbit = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Orbit' }) });
    expect(await orbit.locator('[data-status]').innerText()).toBe('Working');
    expect(await orbit.getByRole('list', { name: 'Runs on' }).getByRole('listitem').allInnerTexts()).toEqual(['Windows', 'Android']);
    expect(await list.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Orbit', 'Relic']);
    await expectNoSeriousViolations(page, '/executors');

    // The card opens the executor's page (a client-side navigation after hydration).
    await orbit.getByRole('link', { name: 'Orbit' }).click();
    await page.waitForURL(`${suite.url}/executors/orbit`);
    await page.getByRole('heading', { level: 1, name: 'Orbit' }).waitFor();
    await page.getByText(`${ORBIT_SCRIPTS} scripts work on it`).waitFor();
    await expect(cards(page).count()).resolves.toBe(CATALOGUE_FIRST_PAGE);
    expect(await page.getByRole('link', { name: 'Orbit website' }).getAttribute('rel')).toBe('nofollow noopener ugc');
    await expectNoSeriousViolations(page, '/executors/orbit');

    // Load More asks the API for the executor's scripts only, from where the first page ended.
    const request = page.waitForRequest((asked) => asked.url().includes('/api/scripts/paginated'));
    await page.getByRole('button', { name: 'Load More' }).click();
    const asked = new URL((await request).url());
    expect(asked.searchParams.get('executor')).toBe('orbit');
    expect(asked.searchParams.get('offset')).toBe(String(CATALOGUE_FIRST_PAGE));
    await page.waitForFunction((expected) => document.querySelectorAll('ul[aria-label="Scripts"] article').length === expected, ORBIT_SCRIPTS);
    const names = await cards(page).getByRole('heading').allInnerTexts();
    expect(names.every((name) => name.startsWith('Orbit Farm'))).toBe(true);
    expect(new Set(names).size).toBe(ORBIT_SCRIPTS);
    await expect(page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(0);
  });

  it('narrows an executor\'s scripts with the filter form without JavaScript', async () => {
    const context = await suite.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.url}/executors/relic`);
    await expect(cards(page).allInnerTexts()).resolves.toEqual([expect.stringContaining('Relic Only Script')]);
    const form = page.getByRole('search', { name: 'Filters' });
    expect(await form.locator('select[name="executor"]').count()).toBe(0);
    await form.getByLabel('Device').selectOption('pc');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.pathname === '/executors/relic' && url.searchParams.get('platform') === 'pc');
    // Relic runs on iOS only: none of its scripts is known to work on a PC.
    await page.getByRole('link', { name: 'Clear filters' }).waitFor();
    await expect(cards(page).count()).resolves.toBe(0);
    await context.close();
  });
});
