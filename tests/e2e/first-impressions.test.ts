import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, type Site, startSite, waitForHydration } from './harness.ts';

// Small things a visitor or a newcomer runs into (issue 12): the phone menu and Escape, the way back
// from the admin login.

describe('first impressions', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('the phone’s main menu closes with Escape and gives focus back to its button', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`${site.url}/scripts`);
      await waitForHydration(page);
      const button = page.getByRole('button', { name: 'Main menu' });
      await button.click();
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.locator('#search-mobile').focus();
      await page.keyboard.press('Escape');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(false);
      await expect(button.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the admin login has a way back to the site, as the moderator login has', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      for (const path of ['/admin', '/moderator/login']) {
        await page.goto(site.url + path);
        await waitForHydration(page);
        const back = page.getByRole('link', { name: 'На главную' });
        await back.waitFor();
        await back.click();
        await page.waitForURL(`${site.url}/`);
      }
    } finally {
      await context.close();
    }
  });
});
