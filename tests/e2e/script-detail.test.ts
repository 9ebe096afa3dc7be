import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, PHONE, seriousViolations, waitForHydration, withScriptsTableHidden } from './harness.ts';
import { e2eSuite } from './suite.ts';

// /scripts/{id} in a real browser (docs/product.md#script-detail-page).

const LOADER = 'loadstring(game:HttpGet("https://example.com/farm.lua"))()';
const DESCRIPTION = 'Farms every island on a loop and sells the loot.';

const tab = (page: Page, name: 'Description' | 'Script') => page.getByRole('tab', { name, exact: true });
const copyButton = (page: Page) => page.getByRole('button', { name: /^(Copy|Copied)$/ });


describe('script detail in a real browser', () => {
  let farmId: number;
  let spare: Record<'desktop' | 'phone' | 'desktopLink' | 'phoneLink', { id: number }>;
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      // Arranged before any page is requested: the server caches public answers.
      await insertScript(site.services, { playsname: 'Older Script', description: 'Something older' });
      // Its image key names no stored file: the picture fails to load and the placeholder takes over.
      ({ id: farmId } = await insertScript(site.services, {
        playsname: 'Island Auto Farm',
        description: DESCRIPTION,
        loadstring: LOADER,
        imageKey: '0123456789abcdef0123456789abcdef',
        createdAt: new Date(Date.UTC(2026, 1, 14, 9, 30)),
      }));
      spare = {
        desktop: await insertScript(site.services, { playsname: 'Spare Script', createdAt: new Date(Date.UTC(2020, 0, 1)) }),
        phone: await insertScript(site.services, { playsname: 'Spare Script', createdAt: new Date(Date.UTC(2020, 0, 2)) }),
        desktopLink: await insertScript(site.services, { playsname: 'Spare Script', createdAt: new Date(Date.UTC(2020, 0, 3)) }),
        phoneLink: await insertScript(site.services, { playsname: 'Spare Script', createdAt: new Date(Date.UTC(2020, 0, 4)) }),
      };
    },
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width', (_name, viewport) => {
    const open = async (permissions: string[] = []) => {
      const context = await suite.context({ viewport, permissions });
      const page = await context.newPage();
      const response = await page.goto(`${suite.url}/scripts/${farmId}`);
      await waitForHydration(page);
      return { context, page, response };
    };

    it('shows the name, date, views and description, with the Description tab selected', async () => {
      const { context, page, response } = await open();
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Island Auto Farm' }).isVisible()).resolves.toBe(true);
      const main = await page.locator('main').innerText();
      expect(main).toContain('14.02.2026');
      expect(main).toContain('0 views');
      await expect.poll(() => tab(page, 'Description').getAttribute('aria-selected')).toBe('true');
      await expect(page.getByRole('tabpanel').innerText()).resolves.toContain(DESCRIPTION);
      await expect(page.getByTestId('loader-text').isVisible()).resolves.toBe(false);
      // Footer facts: creation date, views and the provider's channels.
      const facts = page.getByRole('region', { name: 'Script facts' });
      await expect(facts.innerText()).resolves.toMatch(/14\.02\.2026/);
      await expect(facts.getByRole('link', { name: 'Join the channel' }).getAttribute('href')).resolves.toMatch(/^https:\/\//);
      await expect(facts.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).resolves.toMatch(/^https:\/\//);
      await context.close();
    });

    it('switches tabs by click and by keyboard', async () => {
      const { context, page } = await open();
      await tab(page, 'Script').click();
      await expect.poll(() => tab(page, 'Script').getAttribute('aria-selected')).toBe('true');
      await expect(page.getByTestId('loader-text').innerText()).resolves.toBe(LOADER);
      await expect(page.getByText(DESCRIPTION, { exact: true }).isVisible()).resolves.toBe(false);

      await tab(page, 'Description').click();
      await expect.poll(() => tab(page, 'Description').getAttribute('aria-selected')).toBe('true');

      await tab(page, 'Description').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tab(page, 'Script').getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Script');
      await expect(page.getByTestId('loader-text').isVisible()).resolves.toBe(true);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => tab(page, 'Description').getAttribute('aria-selected')).toBe('true');

      // Get Script in the hero opens the Script tab.
      await page.getByRole('button', { name: 'Get Script' }).click();
      await expect.poll(() => tab(page, 'Script').getAttribute('aria-selected')).toBe('true');
      await context.close();
    });

    it('copies the loader text, reads Copied for about 2 seconds, then Copy again', async () => {
      const { context, page } = await open(['clipboard-read', 'clipboard-write']);
      await tab(page, 'Script').click();
      await expect(copyButton(page).innerText()).resolves.toBe('Copy');
      await copyButton(page).click();
      const copiedAt = Date.now();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(LOADER);

      await page.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 5_000 });
      const shownFor = Date.now() - copiedAt;
      expect(shownFor).toBeGreaterThanOrEqual(1_800);
      expect(shownFor).toBeLessThan(3_500);
      await context.close();
    });

    it('offers the always-latest line beside the loader and copies it with its own Copy (issue 38)', async () => {
      const { context, page } = await open(['clipboard-read', 'clipboard-write']);
      await tab(page, 'Script').click();
      const line = `loadstring(game:HttpGet("${suite.url}/raw/${farmId}"))()`;
      await expect(page.getByTestId('latest-line').innerText()).resolves.toBe(line);
      const copyLine = page.getByRole('button', { name: 'Copy the always-latest line' });
      await expect(copyLine.innerText()).resolves.toBe('Copy');
      await copyLine.click();
      await expect.poll(() => copyLine.innerText()).toBe('Copied');
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(line);
      // The loader's own Copy is untouched.
      await expect(copyButton(page).innerText()).resolves.toBe('Copy');
      // The line fetches what the loader reads.
      await expect(page.evaluate(async (url) => (await fetch(url)).text(), `${suite.url}/raw/${farmId}`)).resolves.toBe(LOADER);
      await context.close();
    });

    it('copies through a hidden textarea when the Clipboard API is missing', async () => {
      const context = await suite.context({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
      await context.addInitScript(() => {
        const saved = navigator.clipboard;
        (window as unknown as { savedClipboard: Clipboard }).savedClipboard = saved;
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      });
      const page = await context.newPage();
      await page.goto(`${suite.url}/scripts/${farmId}`);
      await waitForHydration(page);
      await expect(page.evaluate(() => typeof navigator.clipboard)).resolves.toBe('undefined');
      await tab(page, 'Script').click();
      await copyButton(page).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      await expect(page.evaluate(() => (window as unknown as { savedClipboard: Clipboard }).savedClipboard.readText())).resolves.toBe(LOADER);
      // The helper textarea is gone and focus is back on the button.
      await expect(page.locator('textarea').count()).resolves.toBe(0);
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Copied');
      await context.close();
    });

    it('opens the FAQ items', async () => {
      const { context, page } = await open();
      const question = page.getByRole('button', { name: 'Is this site safe?' });
      await expect(question.getAttribute('aria-expanded')).resolves.toBe('false');
      await question.click();
      await expect(question.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.getByText(/never ask you to download a file/).isVisible()).resolves.toBe(true);

      const other = page.getByRole('button', { name: 'How do I get the script?' });
      await other.focus();
      await page.keyboard.press('Enter');
      await expect(other.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.getByText(/Open the Script tab and press Copy/).isVisible()).resolves.toBe(true);
      await context.close();
    });

    it('shows the placeholder for a picture that fails to load, in the same 16:9 box', async () => {
      const { context, page } = await open();
      const placeholder = page.getByTestId('image-placeholder');
      await placeholder.waitFor();
      await expect(placeholder.innerText()).resolves.toContain('No Image');
      await expect(page.locator('main img').count()).resolves.toBe(0);
      const box = await placeholder.boundingBox();
      expect(box && Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
      await context.close();
    });

    it('goes back to /scripts with the back button, in the client', async () => {
      const { context, page } = await open();
      await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'kept';
      });
      await page.getByRole('link', { name: 'Back to scripts' }).click();
      await page.waitForURL(`${suite.url}/scripts`);
      await page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).waitFor();
      await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe('kept');
      await context.close();
    });

    it('answers /scripts/999999 with HTTP 404, Script not found and Return to list', async () => {
      const page = await suite.page({ viewport });
      const response = await page.goto(`${suite.url}/scripts/999999`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Script not found' }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('The requested script does not exist').isVisible()).resolves.toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Return to list' }).click();
      await page.waitForURL(`${suite.url}/scripts`);
      await page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).waitFor();
    });

    it('shows Loading failed with Back to list when the script cannot be read, and Try again recovers', async () => {
      const page = await suite.page({ viewport });
      // A script no page has asked for yet (so nothing is cached), while the catalogue table is unavailable.
      const { id } = viewport === DESKTOP ? spare.desktop : spare.phone;
      const response = await withScriptsTableHidden(suite.site, () => page.goto(`${suite.url}/scripts/${id}`));
      expect(response?.status()).toBe(500);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Loading failed' }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('Failed to load scripts').isVisible()).resolves.toBe(true);
      // The shared header stays: only the page's own content failed.
      await expect(page.locator('header').count()).resolves.toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: 'Spare Script' }).waitFor();
    });

    it('links Back to list from the failure page to the catalogue', async () => {
      const page = await suite.page({ viewport });
      const { id } = viewport === DESKTOP ? spare.desktopLink : spare.phoneLink;
      await withScriptsTableHidden(suite.site, () => page.goto(`${suite.url}/scripts/${id}`));
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Back to list' }).click();
      await page.waitForURL(`${suite.url}/scripts`);
      await page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).waitFor();
    });

    it('has no serious or critical accessibility violations, on either tab', async () => {
      const { context, page } = await open();
      expect(await seriousViolations(page)).toEqual([]);
      await tab(page, 'Script').click();
      await page.getByRole('button', { name: 'Why should I disable my adblocker?' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  });
});
