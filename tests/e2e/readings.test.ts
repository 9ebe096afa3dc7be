import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import { expectNoSeriousViolations, hardClips, overflow, PHONE, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

/**
 * The public pages' languages in Chromium (issue 29, docs/decisions/0045-languages.md): the Russian reading
 * fits 375 and 1280 px with its longer words; the header's switch (and the phone menu's) opens the same
 * page with its query in the other language and remembers the choice in a cookie; an unprefixed page
 * then offers that language, never moves there by itself, and a refusal is remembered; a browser whose
 * first language is Russian gets the offer on its first visit.
 */

const cookieOf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'reading')?.value;
const offer = (page: Page, language: 'en' | 'ru') => page.locator(`[data-offer="${language}"]`);

describe('the public pages in English and Russian', () => {
  let pages: string[];
  const suite = e2eSuite({
    env: { DEMO_CATALOGUE: 'on' },
    arrange: async ({ site }) => {
      const [first] = (await site.services.catalogue.list({ limit: 1, offset: 0 })).scripts;
      if (!first) throw new Error('the demo catalogue is empty');
      const [game] = await site.services.games.list();
      const [executor] = await site.services.executors.list();
      pages = ['/ru', '/ru/info', '/ru/scripts', `/ru${scriptPath(first)}`, '/ru/games', `/ru/games/${game?.slug}`, '/ru/executors', `/ru/executors/${executor?.slug}`, '/ru/subscribe', '/ru/favourites', '/ru/privacy', '/ru/terms', '/ru/cookies', '/ru/seo'];
    },
  });

  const open = (options: { viewport?: { width: number; height: number }; locale?: string } = {}) => suite.page({ locale: 'en-US', ...options });

  it.each([375, 1280])('at %i px every Russian page fits the screen and cuts no text off', async (width) => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    for (const path of pages) {
      await page.goto(suite.url + path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('ru');
      expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
      expect(await hardClips(page), `${path} at ${width} px`).toEqual([]);
    }
  });

  it('keeps the Russian catalogue and script page free of serious accessibility faults', async () => {
    const page = await open();
    for (const path of [pages[2] as string, pages[3] as string]) {
      await page.goto(suite.url + path);
      await waitForHydration(page);
      await expectNoSeriousViolations(page, path);
    }
  });

  it('switches the page with its query to Russian from the header, remembers it, and offers it on the unprefixed pages until refused', async () => {
    const page = await open();
    await page.goto(`${suite.url}/scripts?q=farm&sort=views`);
    await waitForHydration(page);
    // Nothing chosen and an English browser: nothing offered (the offer is decided before hydration).
    expect(await offer(page, 'ru').isVisible()).toBe(false);
    await page.getByRole('list', { name: 'Language' }).getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL(/\/ru\/scripts\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('farm');
    expect(url.searchParams.get('sort')).toBe('views');
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Latest Roblox Scripts');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await cookieOf(page.context())).toBe('ru');
    // The Russian reading's own links stay in Russian.
    await page.getByRole('navigation', { name: 'Главная навигация' }).getByRole('link', { name: 'Главная', exact: true }).click();
    await page.waitForURL(`${suite.url}/ru`);

    // Back on an unprefixed page: offered, not moved.
    await page.goto(`${suite.url}/games`);
    await expect.poll(() => offer(page, 'ru').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/games');
    expect(await offer(page, 'ru').getByRole('link').getAttribute('href')).toBe('/ru/games');
    await offer(page, 'ru').getByRole('button', { name: 'Нет, спасибо' }).click();
    await expect.poll(() => offer(page, 'ru').isVisible()).toBe(false);
    expect(await cookieOf(page.context())).toBe('spec');
    await page.reload();
    await waitForHydration(page);
    expect(await offer(page, 'ru').isVisible()).toBe(false);
  });

  it('switches to English from the phone menu, and offers English afterwards', async () => {
    const page = await open({ viewport: PHONE });
    await page.goto(`${suite.url}/ru/games`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Главное меню' }).click();
    await page.locator('header').getByRole('link', { name: 'English' }).filter({ visible: true }).click();
    await page.waitForURL(`${suite.url}/en/games`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await cookieOf(page.context())).toBe('en');
    await page.goto(`${suite.url}/executors`);
    await expect.poll(() => offer(page, 'en').isVisible()).toBe(true);
    await offer(page, 'en').getByRole('link', { name: 'Read in English' }).click();
    await page.waitForURL(`${suite.url}/en/executors`);
  });

  it('offers Russian on a first visit when the browser asks for Russian, and nothing when it asks for English', async () => {
    const russian = await open({ locale: 'ru-RU' });
    await russian.goto(`${suite.url}/`);
    await expect.poll(() => offer(russian, 'ru').isVisible()).toBe(true);
    expect(await cookieOf(russian.context())).toBeUndefined();
    const english = await open({ locale: 'en-GB' });
    await english.goto(`${suite.url}/`);
    await waitForHydration(english);
    expect(await offer(english, 'ru').isVisible()).toBe(false);
    expect(await offer(english, 'en').isVisible()).toBe(false);
  });
});
