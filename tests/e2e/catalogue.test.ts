import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, PHONE, seriousViolations, waitForHydration, withScriptsTableHidden } from './harness.ts';
import { e2eSuite } from './suite.ts';

// /scripts in a real browser (docs/product.md#catalogue-page, docs/product.md#catalogue-paging).

const BULK = 30;
const TOTAL = BULK + 2;

/** The catalogue's cards (skeletons are not articles). */
const cards = (page: Page) => page.getByRole('list', { name: 'Scripts' }).locator('article');
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load More' });

async function waitForCards(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('ul[aria-label="Scripts"] article').length === expected,
    count,
  );
}

/** Types into the header search (behind the main menu on a phone) and submits. */
async function search(page: Page, text: string, phone: boolean) {
  if (phone && !(await page.locator('#search-mobile').isVisible())) await page.getByRole('button', { name: 'Main menu' }).click();
  const box = page.locator(phone ? '#search-mobile' : '#search-desktop');
  await box.fill(text);
  await box.press('Enter');
}


describe('catalogue in a real browser', () => {
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      // Arranged before any page is requested: the server caches public answers.
      const start = Date.UTC(2026, 0, 1, 10, 0);
      await insertScript(site.services, { playsname: 'Blox Fruits Auto Farm', description: 'Farms fruits while you sleep', createdAt: new Date(start - 60_000) });
      await insertScript(site.services, { playsname: 'Adopt Me Trade Helper', description: 'Fair trades only', createdAt: new Date(start - 30_000) });
      for (let i = 0; i < BULK; i += 1) {
        await insertScript(site.services, {
          playsname: `Bulk script ${String(i).padStart(2, '0')}`,
          // The newest one has no description: its card shows the fallback.
          description: i === BULK - 1 ? '' : `Generated script number ${i} for paging`,
          createdAt: new Date(start + i * 1000),
        });
      }
    },
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width', (_name, viewport) => {
    const phone = viewport === PHONE;

    it('shows 16 cards, then Load More adds 8 at a time until all are loaded', async () => {
      const page = await suite.visit('/scripts', { viewport });
      await expect(page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).isVisible()).resolves.toBe(true);
      await expect(cards(page).count()).resolves.toBe(16);

      // A slowed request shows a row of skeleton cards while it runs.
      await page.route('**/api/scripts/paginated**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await loadMore(page).click();
      await page.getByTestId('card-skeleton').first().waitFor();
      await expect(page.getByTestId('card-skeleton').count()).resolves.toBe(8);
      await waitForCards(page, 24);
      await expect(page.getByTestId('card-skeleton').count()).resolves.toBe(0);
      await page.unroute('**/api/scripts/paginated**');

      await loadMore(page).click();
      await waitForCards(page, TOTAL);
      await expect(loadMore(page).count()).resolves.toBe(0);

      const names = await cards(page).getByRole('heading').allTextContents();
      expect(new Set(names).size).toBe(TOTAL);
      expect(names[0]).toBe('Bulk script 29');
      expect(names.at(-1)).toBe('Blox Fruits Auto Farm');
    });

    it('shows the description fallback, No Image, the ru-RU date and the views on a card', async () => {
      const page = await suite.visit('/scripts', { viewport });
      const first = cards(page).first();
      const text = await first.innerText();
      expect(text).toContain('Bulk script 29');
      expect(text).toContain('Описание отсутствует');
      expect(text).toContain('No Image');
      expect(text).toMatch(/01\.01\.2026 · 0 views/);
      // Linked at its slug URL (docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls).
      await expect(first.getByRole('link', { name: 'Get Script' }).getAttribute('href')).resolves.toMatch(/^\/scripts\/\d+-bulk-script-29$/);
      // The card's box keeps its 16:9 shape with no image at all.
      const box = await first.getByTestId('image-placeholder').boundingBox();
      expect(box && Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
    });

    it('follows the search box into q and back, starting the list over each time', async () => {
      const page = await suite.visit('/scripts', { viewport });
      await loadMore(page).click();
      await waitForCards(page, 24);

      await search(page, '  fruits ', phone);
      await page.waitForURL(`${suite.url}/scripts?q=fruits`);
      await waitForCards(page, 1);
      await expect(cards(page).getByRole('heading').allTextContents()).resolves.toEqual(['Blox Fruits Auto Farm']);
      await expect(page.getByText('Results for “fruits”').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).isVisible()).resolves.toBe(true);
      await expect(loadMore(page).count()).resolves.toBe(0);

      // Back in history: the address drives the box again, and that entry's list comes back as it was.
      await page.goBack();
      await page.waitForURL(`${suite.url}/scripts`);
      await waitForCards(page, 24);
      if (phone) await page.getByRole('button', { name: 'Main menu' }).click();
      await expect.poll(() => page.locator(phone ? '#search-mobile' : '#search-desktop').inputValue()).toBe('');

      await page.goto(`${suite.url}/scripts?q=${encodeURIComponent('bulk script')}`);
      await waitForHydration(page);
      if (phone) await page.getByRole('button', { name: 'Main menu' }).click();
      await expect.poll(() => page.locator(phone ? '#search-mobile' : '#search-desktop').inputValue()).toBe('bulk script');
      await expect(cards(page).count()).resolves.toBe(16);
      await loadMore(page).click();
      await waitForCards(page, 24);

      await search(page, 'adopt', phone);
      await page.waitForURL(`${suite.url}/scripts?q=adopt`);
      await waitForCards(page, 1);

      await search(page, '   ', phone);
      await page.waitForURL(`${suite.url}/scripts`);
      await waitForCards(page, 16);
    });

    it('says Scripts not found when nothing matches', async () => {
      const page = await suite.visit('/scripts', { viewport });
      await search(page, 'zzz-no-such-script', phone);
      await page.waitForURL(/q=zzz-no-such-script/);
      await page.getByRole('heading', { name: 'Scripts not found' }).waitFor();
      await expect(cards(page).count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Show all scripts' }).first().click();
      await page.waitForURL(`${suite.url}/scripts`);
      await waitForCards(page, 16);
    });

    it('shows Не удалось загрузить скрипты when Load More fails, and Попробовать снова retries', async () => {
      const page = await suite.visit('/scripts', { viewport });
      await page.route('**/api/scripts/paginated**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom","code":"INTERNAL"}' }));
      await loadMore(page).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить скрипты' });
      await alert.waitFor();
      // One language, like the seed's texts of this state: no English line under the Russian ones.
      expect(await alert.innerText()).not.toMatch(/[A-Za-z]/);
      await expect(cards(page).count()).resolves.toBe(16);
      await expect(loadMore(page).count()).resolves.toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.unroute('**/api/scripts/paginated**');
      await page.getByRole('button', { name: 'Попробовать снова' }).click();
      await waitForCards(page, 24);
      await expect(alert.count()).resolves.toBe(0);
      await expect(loadMore(page).isVisible()).resolves.toBe(true);
    });

    it('shows the error with a working retry when the first page itself fails to load', async () => {
      const page = await suite.page({ viewport });
      // A search nobody made yet (so nothing is cached), while the catalogue table is unavailable.
      const q = phone ? 'ulk scrip' : 'bulk scr';
      const response = await withScriptsTableHidden(suite.site, () => page.goto(`${suite.url}/scripts?q=${encodeURIComponent(q)}`));
      expect(response?.status()).toBe(500);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).isVisible()).resolves.toBe(true);
      const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить скрипты' });
      await expect(alert.isVisible()).resolves.toBe(true);
      // One language in the whole state: the seed's Russian texts, no English line under them.
      expect(await alert.innerText()).not.toMatch(/[A-Za-z]/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Попробовать снова' }).click();
      await waitForCards(page, 16);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
    });

    it('opens a script with Get Script without a full page load, and Back returns to the same list', async () => {
      const page = await suite.visit('/scripts', { viewport });
      await loadMore(page).click();
      await waitForCards(page, 24);
      await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'still here';
      });

      const card = cards(page).nth(20);
      const name = await card.getByRole('heading').textContent();
      await card.getByRole('link', { name: 'Get Script' }).click();
      await page.waitForURL(/\/scripts\/\d+-bulk-script-\d+$/);
      await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
      await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('still here');

      await page.getByRole('link', { name: 'Back to scripts' }).click();
      await page.waitForURL(`${suite.url}/scripts`);
      // The pages loaded before are still there.
      await waitForCards(page, 24);
      await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('still here');
    });

    it('has no serious or critical accessibility violations', async () => {
      const page = await suite.visit('/scripts', { viewport });
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${suite.url}/scripts?q=zzz-nothing`);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
