import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { hardClips, overflow, waitForHydration } from './harness.ts';
import { createScript, moderatorAccount } from './staff.ts';
import { e2eSuite } from './suite.ts';

// Text from users with words longer than any screen (issue 12): no page grows wider than its
// viewport, card titles keep inside their card, and the loader scrolls inside its block with Copy
// in view.

const LONG_NAME = 'AutoFarmBloxFruitsUltimateEditionWithEverySingleFeatureUnlocked'; // 63 characters
const LONG_RUN = 'x'.repeat(300);
const LONG_LOADER = `loadstring(game:HttpGet("https://raw.githubusercontent.com/${'a'.repeat(120)}/main.lua"))()`;
const WIDTHS = [375, 768, 1280];
// A moderator's script: its name and channel reach the moderator panel and the admin's table.
const MODERATED_NAME = 'ModeratorOwnedScriptWithAnExtremelyLongSingleWordNameForTables'; // 62 characters
const MODERATOR = 'moderator_with_a_long_name_1234'; // the longest a username may be: 32 characters
const LONG_CHANNEL = `chan_${'q'.repeat(50)}`;

describe('words longer than the screen', () => {
  let id: number;
  let gatedId: number;
  let moderatorToken: string;
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ site, adminToken }) => {
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
      ({ token: moderatorToken } = await moderatorAccount(suite, adminToken, MODERATOR));
      await createScript(suite, moderatorToken, { playsname: MODERATED_NAME, description: `About ${LONG_RUN}`, loadstring: LONG_LOADER, channels: [`@${LONG_CHANNEL}`] }, { as: 'moderator' });
    },
  });

  it.each(WIDTHS)('at %i px, /scripts, a search and the script page fit the viewport', async (width) => {
    const page = await suite.page({ viewport: { width, height: 900 } });
    for (const path of ['/scripts', '/scripts?q=fruit', `/scripts/${id}`, `/scripts/${gatedId}`]) {
      await page.goto(suite.url + path);
      await waitForHydration(page);
      expect(await overflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.goto(`${suite.url}/scripts`);
    // The long title wraps inside its card (clamped to two lines), never past the card's edge.
    const title = page.locator('article h2', { hasText: LONG_NAME.slice(0, 20) }).filter({ hasNotText: 'Gated' });
    const box = await title.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, card: element.closest('article')?.clientWidth ?? 0 }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(box.client).toBeLessThanOrEqual(box.card);
  });

  it.each([375, 1280])('at %i px no user text is cut off without an ellipsis, on the public pages and in both panels', async (width) => {
    const page = await suite.page({ viewport: { width, height: 900 }, tokens: { admin: suite.adminToken, moderator: moderatorToken } });
    const ready: Record<string, (page: Page) => Promise<unknown>> = {
      '/scripts': (page) => page.getByRole('heading', { name: MODERATED_NAME, exact: true }).waitFor(),
      [`/scripts/${id}`]: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
      [`/scripts/${gatedId}`]: (page) => page.getByText(`@channel_${'y'.repeat(60)}`, { exact: true }).waitFor(),
      '/admin/dashboard/scripts': (page) => page.getByText(MODERATED_NAME).filter({ visible: true }).first().waitFor(),
      '/admin/dashboard/moderators': (page) => page.getByText(MODERATOR).filter({ visible: true }).first().waitFor(),
      '/moderator/dashboard': (page) => page.getByText(`@${LONG_CHANNEL}`).filter({ visible: true }).first().waitFor(),
    };
    for (const [path, loaded] of Object.entries(ready)) {
      await page.goto(suite.url + path);
      await waitForHydration(page);
      await loaded(page);
      expect(await hardClips(page), `${path} at ${width} px`).toEqual([]);
    }
    // A card's title ends in an ellipsis after two lines; the whole name stays at hand.
    await page.goto(`${suite.url}/scripts`);
    await expect(page.getByRole('heading', { name: LONG_NAME, exact: true }).getAttribute('title')).resolves.toBe(LONG_NAME);
  });

  it('at 375 px the loader scrolls inside its block, unbroken, with Copy in view', async () => {
    const page = await suite.visit(`/scripts/${id}`, { viewport: { width: 375, height: 740 } });
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
  });
});
