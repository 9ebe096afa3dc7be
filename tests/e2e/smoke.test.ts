import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { launchBrowser, newPage, PHONE, seriousViolations, type Site, startSite, waitForHydration } from './harness.ts';

describe('public shell in a real browser', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    await insertScript(site.services, { playsname: 'Blox Fruits Auto Farm', description: 'Farms while you sleep' });
    await insertScript(site.services, { playsname: 'Adopt Me! Helper', description: 'Trades for you' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('searches from the header and keeps the box in step with q', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${site.url}/scripts`);
    await waitForHydration(page);
    const box = page.locator('#search-desktop');
    await box.fill('  fruits  ');
    await box.press('Enter');
    await page.waitForURL(`${site.url}/scripts?q=fruits`);
    // The URL changes before the new list paints (a transition): wait for the filtered list itself.
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Scripts"] article').length === 1);
    await expect(page.getByRole('heading', { name: 'Blox Fruits Auto Farm' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Adopt Me! Helper' }).count()).resolves.toBe(0);

    await page.goto(`${site.url}/scripts?q=adopt`);
    await waitForHydration(page);
    await expect(box.inputValue()).resolves.toBe('adopt');

    await box.fill('   ');
    await box.press('Enter');
    await page.waitForURL(`${site.url}/scripts`);
    await context.close();
  });

  it('opens the mobile menu panel at 375 px', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${site.url}/scripts`);
    await waitForHydration(page);
    await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Main menu' }).click();
    await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('has no serious or critical accessibility violations on /scripts', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${site.url}/scripts`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
