import { describe, expect, it } from 'vitest';
import { waitForHydration } from './harness.ts';
import { createScript, editLoader } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * "Loader updated …" hydrates without a mismatch whatever day the browser thinks it is (issue 28,
 * docs/decisions/0044-loader-versions.md): the browser first renders the day the server's HTML was made for,
 * then its own. A browser a day ahead (a page cached over midnight, a clock set wrong) reads
 * "yesterday"; one 20 days ahead drops the line; neither makes React report an error.
 */

const DAY = 86_400_000;
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/000/demo", Method = "POST", Body = "demo" })';

describe('the loader-updated line in a real browser', () => {
  let path: string;
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      const { id } = await createScript(suite, adminToken, { playsname: 'Updated Hub', description: 'x', loadstring: 'print(1)' });
      await editLoader(suite, adminToken, id, WEBHOOK);
      path = `/scripts/${id}-updated-hub`;
    },
  });

  const cases = [
    { label: 'the same day as the server', ahead: 0, line: 'Loader updated today. Update added a high-risk finding' },
    { label: 'a day ahead', ahead: 1, line: 'Loader updated yesterday. Update added a high-risk finding' },
    { label: '20 days ahead', ahead: 20, line: null },
  ];

  for (const { label, ahead, line } of cases) {
    it(`hydrates the card and the script page with the browser's clock ${label}`, async () => {
      for (const url of ['/scripts', path]) {
        const page = await suite.page();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        if (ahead > 0) await page.clock.install({ time: new Date(Date.now() + ahead * DAY) });
        const response = await page.goto(`${suite.url}${url}`);
        // The server's HTML says it in words, for the server's day.
        expect(await response?.text(), url).toMatch(/<p class="loader-updated" data-loader-today="\d+">Loader updated(<!-- -->)? <time [^>]+>today<\/time>/);
        await waitForHydration(page);
        const lines = page.locator('.loader-updated');
        if (line === null) await expect.poll(() => lines.count()).toBe(0);
        else await expect.poll(() => lines.first().textContent()).toBe(line);
        expect(problems, url).toEqual([]);
      }
    });
  }
});
