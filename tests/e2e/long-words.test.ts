import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { launchBrowser, newPage, type Site, startSite, waitForHydration } from './harness.ts';

// Text from users with words longer than any screen (issue 12): no page grows wider than its
// viewport, card titles keep inside their card, and the loader scrolls inside its block with Copy
// in view.

const LONG_NAME = 'AutoFarmBloxFruitsUltimateEditionWithEverySingleFeatureUnlocked'; // 63 characters
const LONG_RUN = 'x'.repeat(300);
const LONG_LOADER = `loadstring(game:HttpGet("https://raw.githubusercontent.com/${'a'.repeat(120)}/main.lua"))()`;
const WIDTHS = [375, 768, 1280];

/** How much wider than the viewport the page is (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('words longer than the screen', () => {
  let site: Site;
  let browser: Browser;
  let id: number;
  let gatedId: number;

  beforeAll(async () => {
    site = await startSite();
    await insertScript(site.services, { playsname: 'A neighbour with a short name', description: 'Plain text.' });
    const script = await insertScript(site.services, {
      playsname: LONG_NAME,
      description: `Fruit farming ${LONG_RUN} and more`,
      loadstring: LONG_LOADER,
    });
    id = script.id;
    // A gated script: its gate lists the long channel name.
    const gated = await insertScript(site.services, {
      playsname: `Gated ${LONG_NAME}`,
      channels: [{ name: `channel_${'y'.repeat(60)}`, url: `https://t.me/channel_${'y'.repeat(60)}` }],
    });
    gatedId = gated.id;
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each(WIDTHS)('at %i px, /scripts, a search and the script page fit the viewport', async (width) => {
    const { context, page } = await newPage(browser, { width, height: 900 });
    try {
      for (const path of ['/scripts', '/scripts?q=fruit', `/scripts/${id}`, `/scripts/${gatedId}`]) {
        await page.goto(site.url + path);
        await waitForHydration(page);
        expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
      await page.goto(`${site.url}/scripts`);
      // The long title wraps inside its card (clamped to two lines), never past the card's edge.
      const title = page.locator('article h2', { hasText: LONG_NAME.slice(0, 20) }).filter({ hasNotText: 'Gated' });
      const box = await title.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, card: element.closest('article')?.clientWidth ?? 0 }));
      expect(box.scroll).toBeLessThanOrEqual(box.client);
      expect(box.client).toBeLessThanOrEqual(box.card);
    } finally {
      await context.close();
    }
  });

  it('at 375 px the loader scrolls inside its block, unbroken, with Copy in view', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    try {
      await page.goto(`${site.url}/scripts/${id}`);
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Script', exact: true }).click();
      const loader = page.getByTestId('loader-text');
      // One line, as written: no break inside a word.
      const lines = await loader.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
      expect(lines).toBe(1);
      const block = await page.locator('pre').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(block.scroll).toBeGreaterThan(block.client);
      const copy = page.getByRole('button', { name: 'Copy', exact: true });
      await expect(copy.isVisible()).resolves.toBe(true);
      const copyBox = await copy.boundingBox();
      expect((copyBox?.x ?? 0) + (copyBox?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
