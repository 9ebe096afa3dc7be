import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { expectNoSeriousViolations, launchBrowser, loginAdmin, newPage, type Site, staffApi, startSite, waitForHydration } from './harness.ts';

// Favourites without an account (docs/product.md#favourites): stars kept in the browser, one before
// hydration; /favourites lists them; a changed loader is marked and counted in the header.

const star = (page: Page, name: string) => page.getByRole('button', { name: `Favourite: ${name}` });
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('favourites') ?? '[]') as { id: number; seen: number }[]);

/** The admin edits the loader of script `id`: its version goes up by one. */
async function loaderChanged(site: Site, id: number): Promise<void> {
  const token = await loginAdmin(site);
  await staffApi(site, token, `/api/update-script/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loadstring: `print("updated ${id}")` }) });
}

describe('favourites in a real browser', () => {
  let site: Site;
  let browser: Browser;
  let first: { id: number };
  let second: { id: number };

  beforeAll(async () => {
    site = await startSite();
    first = await insertScript(site.services, { playsname: 'Starred Early' });
    second = await insertScript(site.services, { playsname: 'Starred Later' });
    await insertScript(site.services, { playsname: 'Never Starred' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('stars two scripts from cards, one before hydration, lists them, and marks and counts the changed one', async () => {
    const { context, page } = await newPage(browser);
    // Hold the app's modules: the page is HTML only until they are let through.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/assets/**/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
    await page.goto(`${site.url}/scripts`, { waitUntil: 'domcontentloaded' });
    await star(page, 'Starred Early').click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expect(star(page, 'Starred Early').getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await stored(page)).toEqual([{ id: first.id, seen: 1 }]);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
    await expect.poll(() => star(page, 'Starred Early').getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousViolations(page, 'the catalogue with its stars');

    await star(page, 'Starred Later').click();
    await expect.poll(() => star(page, 'Starred Later').getAttribute('aria-pressed')).toBe('true');
    expect(await stored(page)).toEqual([
      { id: second.id, seen: 1 },
      { id: first.id, seen: 1 },
    ]);
    // Unstarring and starring again works after hydration too.
    await star(page, 'Never Starred').click();
    await star(page, 'Never Starred').click();
    await expect.poll(() => star(page, 'Never Starred').getAttribute('aria-pressed')).toBe('false');

    await page.goto(`${site.url}/favourites`);
    await waitForHydration(page);
    const list = page.getByRole('list', { name: 'Favourites' });
    await expect.poll(() => list.getByRole('heading').allTextContents()).toEqual(['Starred Later', 'Starred Early']);
    await expect(page.getByTestId('favourite-updated').count()).resolves.toBe(0);
    await expect(page.getByTestId('favourites-changed').count()).resolves.toBe(0);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');

    await loaderChanged(site, first.id);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('favourite-updated').count()).toBe(1);
    const mark = page.getByTestId('favourite-updated');
    await expect(mark.textContent()).resolves.toContain('Updated since you last looked');
    await expect(mark.getByRole('link').getAttribute('href')).resolves.toBe(`/scripts/${first.id}-starred-early#history`);
    await expect.poll(() => page.getByTestId('favourites-changed').textContent()).toContain('1');

    // Opening the changed script's page marks its version seen: the count goes once the list is asked again.
    await page.goto(`${site.url}/scripts/${first.id}`);
    await waitForHydration(page);
    await expect.poll(async () => (await stored(page)).find((item) => item.id === first.id)?.seen).toBe(2);
    await page.goto(`${site.url}/favourites`);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('list', { name: 'Favourites' }).getByRole('heading').count()).toBe(2);
    await expect(page.getByTestId('favourite-updated').count()).resolves.toBe(0);
    await expect.poll(() => page.getByTestId('favourites-changed').count()).toBe(0);
    await context.close();
  });

  it('says so when the browser keeps nothing, and shows an empty state without favourites', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${site.url}/favourites`);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('No favourites yet');
    await context.close();

    const blocked = await browser.newContext();
    await blocked.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
    });
    const blockedPage = await blocked.newPage();
    await blockedPage.goto(`${site.url}/favourites`);
    await waitForHydration(blockedPage);
    await expect.poll(() => blockedPage.getByRole('status').textContent()).toContain('does not let the site keep favourites');
    await blocked.close();
  });
});
