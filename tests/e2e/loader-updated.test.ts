import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAdmin, newPage, type Site, staffApi, startSite, waitForHydration } from './harness.ts';

/**
 * "Loader updated …" hydrates without a mismatch whatever day the browser thinks it is (issue 28,
 * docs/decisions/0044-loader-versions.md): the browser first renders the day the server's HTML was made for,
 * then its own. A browser a day ahead (a page cached over midnight, a clock set wrong) reads
 * "yesterday"; one 20 days ahead drops the line; neither makes React report an error.
 */

const DAY = 86_400_000;
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/000/demo", Method = "POST", Body = "demo" })';

describe('the loader-updated line in a real browser', () => {
  let site: Site;
  let browser: Browser;
  let path: string;

  beforeAll(async () => {
    site = await startSite();
    const token = await loginAdmin(site);
    const json = { 'content-type': 'application/json' };
    const { id } = await staffApi<{ id: number }>(site, token, '/api/ac', { method: 'POST', headers: json, body: JSON.stringify({ playsname: 'Updated Hub', description: 'x', loadstring: 'print(1)' }) });
    const form = new FormData();
    form.append('loadstring', WEBHOOK);
    await staffApi(site, token, `/api/update-script/${id}`, { method: 'PATCH', body: form });
    path = `/scripts/${id}-updated-hub`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const cases = [
    { label: 'the same day as the server', ahead: 0, line: 'Loader updated today. Update added a high-risk finding' },
    { label: 'a day ahead', ahead: 1, line: 'Loader updated yesterday. Update added a high-risk finding' },
    { label: '20 days ahead', ahead: 20, line: null },
  ];

  for (const { label, ahead, line } of cases) {
    it(`hydrates the card and the script page with the browser's clock ${label}`, async () => {
      for (const url of ['/scripts', path]) {
        const { context, page } = await newPage(browser);
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        if (ahead > 0) await page.clock.install({ time: new Date(Date.now() + ahead * DAY) });
        const response = await page.goto(`${site.url}${url}`);
        // The server's HTML says it in words, for the server's day.
        expect(await response?.text(), url).toMatch(/<p class="loader-updated" data-loader-today="\d+">Loader updated(<!-- -->)? <time [^>]+>today<\/time>/);
        await waitForHydration(page);
        const lines = page.locator('.loader-updated');
        if (line === null) await expect.poll(() => lines.count()).toBe(0);
        else await expect.poll(() => lines.first().textContent()).toBe(line);
        expect(problems, url).toEqual([]);
        await context.close();
      }
    });
  }
});
