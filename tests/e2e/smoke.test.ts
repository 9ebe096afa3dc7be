import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, PHONE, seriousViolations, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

const TELEGRAM = 'https://t.me/provider_channel';

describe('public shell in a real browser', () => {
  const suite = e2eSuite({
    env: { TELEGRAM_URL: TELEGRAM },
    arrange: async ({ site }) => {
      await insertScript(site.services, { playsname: 'Blox Fruits Auto Farm', description: 'Farms while you sleep' });
      await insertScript(site.services, { playsname: 'Adopt Me! Helper', description: 'Trades for you' });
    },
  });

  it('searches from the header and keeps the box in step with q', async () => {
    const page = await suite.visit('/scripts');
    const box = page.locator('#search-desktop');
    await box.fill('  fruits  ');
    await box.press('Enter');
    await page.waitForURL(`${suite.url}/scripts?q=fruits`);
    // The URL changes before the new list paints (a transition): wait for the filtered list itself.
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Scripts"] article').length === 1);
    await expect(page.getByRole('heading', { name: 'Blox Fruits Auto Farm' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Adopt Me! Helper' }).count()).resolves.toBe(0);

    await page.goto(`${suite.url}/scripts?q=adopt`);
    await waitForHydration(page);
    await expect(box.inputValue()).resolves.toBe('adopt');

    await box.fill('   ');
    await box.press('Enter');
    await page.waitForURL(`${suite.url}/scripts`);
  });

  it('opens the mobile menu panel at 375 px', async () => {
    const page = await suite.visit('/scripts', { viewport: PHONE });
    await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Main menu' }).click();
    await expect(page.locator('#search-mobile').isVisible()).resolves.toBe(true);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`opens the user menu from the avatar at ${viewport.width} px: Telegram link and Sign out; Escape closes it`, async () => {
      const page = await suite.visit('/scripts', { viewport });
      const avatar = page.getByRole('button', { name: 'User menu' });
      await expect(avatar.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.getByRole('menu').count()).resolves.toBe(0);

      await avatar.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const telegram = menu.getByRole('menuitem', { name: 'Telegram' });
      await expect(telegram.getAttribute('href')).resolves.toBe(TELEGRAM);
      await expect(telegram.getAttribute('target')).resolves.toBe('_blank');
      await expect(menu.getByRole('menuitem', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
      // The open menu is modal: the rest of the page, the avatar included, is hidden from the accessibility tree.
      await expect(page.locator('button[aria-label="User menu"]').getAttribute('aria-expanded')).resolves.toBe('true');

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      // Focus goes back to the avatar (Radix's focus scope hands it back as the menu unmounts, which can
      // be a moment after the menu has left the page), and the keyboard opens the menu again.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('User menu');
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toMatch(/Telegram|Sign out/);
    });
  }

  it('opens the user menu with the keyboard before any pointer has touched it', async () => {
    const page = await suite.visit('/scripts');
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await expect(page.getByRole('menuitem', { name: 'Telegram' }).getAttribute('href')).resolves.toBe(TELEGRAM);
  });

  it('has no serious or critical accessibility violations on /scripts', async () => {
    const page = await suite.visit('/scripts');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('hydrates every kind of page under the Content-Security-Policy, which blocks any inline script it did not list', async () => {
    const page = await suite.page();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of ['/', '/scripts', '/scripts?q=fruits', '/scripts/1', '/privacy', '/admin', '/moderator/login']) {
      await page.goto(`${suite.url}${path}`);
      await waitForHydration(page);
    }
    // A second visit is served from the page cache, with the hashes stored beside it.
    await page.goto(`${suite.url}/scripts`);
    await waitForHydration(page);
    expect(violations).toEqual([]);
    // The policy does refuse a script the page did not render: the check above could fail.
    const injected = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(injected).toBe(false);
  });
});
