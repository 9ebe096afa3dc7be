import { describe, expect, it } from 'vitest';
import { PHONE, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

// Small things a visitor or a newcomer runs into (issue 12): the phone menu and Escape, the way back
// from the admin login.

describe('first impressions', () => {
  const suite = e2eSuite();

  it('the phone’s main menu closes with Escape and gives focus back to its button', async () => {
    const page = await suite.visit('/scripts', { viewport: PHONE });
    const button = page.getByRole('button', { name: 'Main menu' });
    await button.click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('#search-mobile').focus();
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(false);
    await expect(button.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });

  it('the admin login has a way back to the site, as the moderator login has', async () => {
    const page = await suite.page();
    for (const path of ['/admin', '/moderator/login']) {
      await page.goto(suite.url + path);
      await waitForHydration(page);
      const back = page.getByRole('link', { name: 'На главную' });
      await back.waitFor();
      await back.click();
      await page.waitForURL(`${suite.url}/`);
    }
  });
});
