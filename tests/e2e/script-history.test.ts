import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, waitForHydration } from './harness.ts';
import { createScript as createStaffScript, editLoader as editScriptLoader } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * A script's History on its page (issue 28, docs/product.md#history): the admin edits a loader through
 * the staff API to add a webhook; the visitor's page says so in a plain sentence, and Show changes
 * loads the line diff with the added line marked +. On a gated script the sentence is there for
 * everyone, the diff only past the gate. The loaders are harmless samples.
 */

const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/history-hub/main.lua"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/000/history-demo", Method = "POST", Body = "stats from the history demo" })';
const SENTENCE = 'Adds a request to a Discord webhook';

describe('a script’s history in a real browser', () => {
  const suite = e2eSuite({ admin: true });
  const createScript = (playsname: string, channels: string[] = []) => createStaffScript(suite, suite.adminToken, { playsname, loadstring: HUB, channels });
  const editLoader = (id: number, loadstring: string) => editScriptLoader(suite, suite.adminToken, id, loadstring);

  /** A fresh visitor; channel links are answered locally, never fetched from the web. Records the version fetches. */
  async function visitor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; versionFetches: string[] }> {
    const context = await suite.context({ viewport, telegram: true });
    const page = await context.newPage();
    const versionFetches: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/scripts\/\d+\/versions\/\d+$/.test(new URL(request.url()).pathname)) versionFetches.push(request.url());
    });
    return { context, page, versionFetches };
  }

  const item = (page: Page, version: number) => page.locator(`#version-${version}`);
  const showChanges = (page: Page, version: number) => item(page, version).getByRole('button', { name: `Show changes in version ${version}` });
  const diff = (page: Page, version: number) => page.getByRole('region', { name: `Changes in the loader from version ${version - 1} to version ${version}` });

  /** Opens version 2's changes and finds the added webhook line, marked + and "Added" besides its colour. */
  async function expectAddedWebhookLine(page: Page): Promise<void> {
    await showChanges(page, 2).click();
    await diff(page, 2).waitFor();
    const added = diff(page, 2).locator('[data-kind=added]');
    await expect(added.count()).resolves.toBe(1);
    await expect(added.locator('span[aria-hidden]').textContent()).resolves.toBe('+');
    await expect(added.textContent()).resolves.toBe(`+Added: ${WEBHOOK}`);
    await expect(diff(page, 2).locator('[data-kind=removed]').count()).resolves.toBe(0);
    await expect(item(page, 2).getByText('Lines added: 1, removed: 0').isVisible()).resolves.toBe(true);
  }

  it('after the admin adds a webhook, the history says so and Show changes shows the added line; readable at 375 px', async () => {
    const script = await createScript('History Demo Hub');
    const { page, versionFetches } = await visitor(DESKTOP);
    await page.goto(`${suite.url}/scripts/${script.id}`);
    await waitForHydration(page);
    await expect(item(page, 1).innerText()).resolves.toContain('First version');
    await expect(page.locator('#history').innerText()).resolves.toContain('The loader has not been updated since it was added.');

    await editLoader(script.id, `${HUB}\n${WEBHOOK}`);
    await page.reload();
    await waitForHydration(page);
    await expect(item(page, 2).innerText()).resolves.toMatch(new RegExp(`High risk\\s*${SENTENCE}`));
    await expect(item(page, 2).innerText()).resolves.toContain('Now fetches from discord.com');
    await expect(showChanges(page, 1).count()).resolves.toBe(0);
    // Nothing of the diff is fetched until it is asked for.
    expect(versionFetches).toEqual([]);
    await expectAddedWebhookLine(page);
    expect(versionFetches.map((url) => new URL(url).pathname).sort()).toEqual([`/api/scripts/${script.id}/versions/1`, `/api/scripts/${script.id}/versions/2`]);
    await expectNoSeriousViolations(page, 'the script page with a line diff open', { pointerAway: true });

    // Hide changes folds it away again; the label follows.
    const hide = item(page, 2).getByRole('button', { name: 'Hide changes in version 2' });
    await expect(hide.getAttribute('aria-expanded')).resolves.toBe('true');
    await hide.click();
    await expect.poll(() => diff(page, 2).count()).toBe(0);
    await expect(showChanges(page, 2).getAttribute('aria-expanded')).resolves.toBe('false');

    // On a phone the long line scrolls inside its block; the page itself does not widen.
    const phone = await visitor(PHONE);
    await phone.page.goto(`${suite.url}/scripts/${script.id}#version-2`);
    await waitForHydration(phone.page);
    await expectAddedWebhookLine(phone.page);
    const block = await diff(phone.page, 2).evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, tabIndex: element.tabIndex, font: getComputedStyle(element).fontFamily }));
    expect(block.scroll).toBeGreaterThan(block.client);
    expect(block.tabIndex).toBe(0);
    expect(block.font).toMatch(/mono/i);
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
  });

  it('on a gated script, the sentence shows to everyone and the diff only once the visitor is past the gate', async () => {
    const script = await createScript('Gated History Hub', ['@history_gate']);
    await editLoader(script.id, `${HUB}\n${WEBHOOK}`);
    const { context, page, versionFetches } = await visitor(DESKTOP);
    await page.goto(`${suite.url}/scripts/${script.id}`);
    await waitForHydration(page);
    // The gate has read the visitor's flags and stopped them: by then the history has read them too.
    await page.getByRole('heading', { name: 'Subscription required' }).waitFor();
    await expect(item(page, 2).innerText()).resolves.toContain(SENTENCE);
    await expect(page.getByTestId('history').getAttribute('data-history-open')).resolves.toBeNull();
    await expect(showChanges(page, 2).count()).resolves.toBe(0);
    await expect(item(page, 2).locator('button').isVisible()).resolves.toBe(false);
    expect(versionFetches).toEqual([]);

    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^Subscribe @history_gate\b/ }).click()]);
    await popup.close();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    await Promise.all([page.waitForEvent('load'), continueButton.click()]);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Script', exact: true }).waitFor();
    await showChanges(page, 2).waitFor();
    await expectAddedWebhookLine(page);
  });
});
