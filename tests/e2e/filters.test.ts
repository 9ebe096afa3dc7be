import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { insertScript } from '../helpers/factories.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';
import { DESKTOP, PHONE, seriousViolations, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

// The catalogue's filter bar in a real browser (docs/product.md#catalogue-filters): a plain GET form
// without JavaScript, choices applied at once with it, the phone's sheet, Load More and Clear filters.

const COUNT = 30;

const cards = (page: Page) => page.getByRole('list', { name: 'Scripts' }).locator('article');
const cardLinks = (page: Page) => cards(page).getByRole('link', { name: 'Get Script' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')));

describe('the filter bar in a real browser', () => {
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      const start = Date.UTC(2026, 0, 1, 10, 0);
      // Arranged before any page is asked for: the server caches what it renders.
      const arrange = { db: site.services.db, services: site.services };
      for (let i = 0; i < COUNT; i += 1) {
        const script = await insertScript(site.services, { playsname: `Filter script ${String(i).padStart(2, '0')}`, createdAt: new Date(start + i * 1000) });
        // 24 of the 30 verified: `key=false&verified=true` fills a first page and one Load More exactly.
        if (i % 5 !== 0) await setFacts(arrange, script.id, { verified: true });
      }
      const game = await insertGame(arrange, 'Blox Fruits', 'blox-fruits');
      const farm = await insertScript(site.services, { playsname: 'Blox Fruits Key Farm', createdAt: new Date(start + COUNT * 1000) });
      await setFacts(arrange, farm.id, { gameId: game, keySystem: true, keyLink: 'https://keys.example/farm', verified: true, patched: true });
    },
  });

  /** The script pages the API lists for a query, as the cards must link them. */
  async function apiPaths(query: string, offset = 0, limit = 16): Promise<string[]> {
    const response = await fetch(`${suite.url}/api/scripts/paginated?${query}${query ? '&' : ''}offset=${offset}&limit=${limit}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { scripts: PublicScript[] }).scripts.map((script) => scriptPath(script));
  }

  it('works as a plain GET form with JavaScript disabled, on a wide screen and behind the Filters link on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await suite.context({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${suite.url}/scripts?q=filter`);
      const form = page.locator('form#catalogue-filters');
      if (viewport === PHONE) {
        // Folded away on a phone; its link shows it (`:target`), no script needed.
        await expect(form.isVisible()).resolves.toBe(false);
        await page.getByRole('link', { name: 'Filters', exact: true }).click();
        await form.waitFor({ state: 'visible' });
      }
      await page.getByRole('checkbox', { name: 'No key system' }).check();
      await page.getByRole('checkbox', { name: 'Verified' }).check();
      await page.getByLabel('Sort by').selectOption('views');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'views');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/scripts');
      expect(url.searchParams.get('q')).toBe('filter');
      expect(url.searchParams.get('key')).toBe('false');
      expect(url.searchParams.get('verified')).toBe('true');
      // The server rendered the page for those choices (on a phone, folded away again).
      await expect(form.locator('input[name="key"]').isChecked()).resolves.toBe(true);
      await expect(form.locator('input[name="verified"]').isChecked()).resolves.toBe(true);
      await expect(form.locator('input[name="universal"]').isChecked()).resolves.toBe(false);
      await expect(form.locator('select[name="sort"]').inputValue()).resolves.toBe('views');
      const expected = await apiPaths('q=filter&key=false&verified=true&sort=views');
      expect(expected).toHaveLength(16);
      await expect(cardLinks(page)).resolves.toEqual(expected);
      await context.close();
    }
  });

  it('applies each choice at once with JavaScript on a wide screen, keeping focus on the control', async () => {
    const page = await suite.visit('/scripts');
    // Nothing to submit by hand: the button is only for pages without JavaScript.
    await expect(page.getByRole('button', { name: 'Apply filters' }).isVisible()).resolves.toBe(false);
    const working = page.getByRole('checkbox', { name: 'Working' });
    await working.check();
    await page.waitForURL(`${suite.url}/scripts?patched=false`);
    await expect(working.isChecked()).resolves.toBe(true);
    await expect(working.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await page.getByLabel('Sort by').selectOption('trending');
    await page.waitForURL(`${suite.url}/scripts?patched=false&sort=trending`);
    // React Router renders the new entry in a transition after the address changes: wait for its cards.
    const trending = await apiPaths('patched=false&sort=trending');
    await expect.poll(() => cardLinks(page)).toEqual(trending);
    // Back restores the previous choices in the form.
    await page.goBack();
    await page.waitForURL(`${suite.url}/scripts?patched=false`);
    // The address changes at once; the form follows once that entry's data is back.
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('newest');
    await expect(working.isChecked()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens the filters in a sheet on a phone: a modal dialog holding focus, closed by Escape with focus back on its button', async () => {
    const page = await suite.visit('/scripts', { viewport: PHONE });
    // A link to the form (which unfolds it without JavaScript) that opens the sheet.
    const trigger = page.getByRole('link', { name: 'Filters', exact: true });
    await expect(trigger.getAttribute('aria-haspopup')).resolves.toBe('dialog');
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
    // Focus moved into the sheet, and Tab never leaves it.
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect(dialog.evaluate((node) => node.contains(document.activeElement)), `after key ${i}`).resolves.toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(page.url()).toBe(`${suite.url}/scripts`);

    // Choices in the sheet wait for Show scripts, which applies them and closes it.
    await trigger.click();
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'Universal' }).check();
    expect(page.url()).toBe(`${suite.url}/scripts`);
    await dialog.getByRole('button', { name: 'Show scripts' }).click();
    await page.waitForURL(`${suite.url}/scripts?universal=true`);
    await dialog.waitFor({ state: 'hidden' });
    // Once the new list is in, the button counts the filter.
    await page.getByRole('link', { name: 'Filters (1)', exact: true }).waitFor();
    // The sheet closed and its choices applied: no #target was left in the address.
    expect(new URL(page.url()).hash).toBe('');
  });

  it('keeps the filters when Load More asks for the next page', async () => {
    const page = await suite.page();
    const query = 'key=false&verified=true&sort=views';
    await page.goto(`${suite.url}/scripts?${query}`);
    await waitForHydration(page);
    await expect(cardLinks(page)).resolves.toEqual(await apiPaths(query));
    const asked = page.waitForRequest((request) => request.url().includes('/api/scripts/paginated'));
    await page.getByRole('button', { name: 'Load More' }).click();
    const params = new URL((await asked).url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ key: 'false', verified: 'true', sort: 'views', offset: '16', limit: '8' });
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Scripts"] article').length === 24);
    await expect(cardLinks(page)).resolves.toEqual([...(await apiPaths(query)), ...(await apiPaths(query, 16, 8))]);
  });

  it('offers Clear filters on an empty result, which keeps the search and drops the filters', async () => {
    const page = await suite.visit('/scripts?q=zzz-no-such-script&key=false&universal=true');
    await page.getByRole('heading', { name: 'Scripts not found' }).waitFor();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${suite.url}/scripts?q=zzz-no-such-script`);
    // Once that list is in, nothing is left to clear and the form shows no choice.
    await expect.poll(() => page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
    // The form takes the new address's choices in the render after the list's: read until it has.
    await expect.poll(() => page.getByRole('checkbox', { name: 'No key system' }).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Universal' }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('leads from /games to a game\'s page and its script, showing the game and badges, with no serious accessibility violations', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.visit('/games', { viewport });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: /Blox Fruits/ }).click();
      await page.waitForURL(`${suite.url}/games/blox-fruits`);
      await page.getByRole('heading', { level: 1, name: 'Blox Fruits Scripts' }).waitFor();
      const card = cards(page).filter({ hasText: 'Blox Fruits Key Farm' });
      for (const badge of ['Key system', 'Verified', 'Patched']) await expect(card.getByText(badge, { exact: true }).isVisible(), badge).resolves.toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('link', { name: 'Get Script' }).click();
      await page.waitForURL(/\/scripts\/\d+-blox-fruits-key-farm$/);
      await page.getByRole('heading', { level: 1, name: 'Blox Fruits Key Farm' }).waitFor();
      const keyLink = page.getByRole('link', { name: 'Key system' });
      await expect(keyLink.getAttribute('href')).resolves.toBe('https://keys.example/farm');
      await expect(keyLink.getAttribute('rel')).resolves.toBe('nofollow noopener');
      await expect(page.getByRole('link', { name: /Blox Fruits$/ }).first().getAttribute('href')).resolves.toBe('/games/blox-fruits');
      // Back returns to the game's page it came from.
      await page.getByRole('link', { name: 'Back to scripts' }).click();
      await page.waitForURL(`${suite.url}/games/blox-fruits`);
    }
  });
});
