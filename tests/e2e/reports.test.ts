import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousViolations, launchBrowser, loginAdmin, type Site, staffApi, startSite, waitForHydration } from './harness.ts';

/**
 * Reports end to end (docs/product.md#reports): a visitor reports a script from its page through the
 * dialog; its moderator sees the report in its panel; the admin opens Reports and hides the
 * script, which then leaves the public site at once (its page 404s, it leaves /scripts and search).
 */

const PASSWORD = 'moderator-password-1';
/** The scripts of the moderator's test and of the admin's, each reported before either runs. */
const SEEN = 'Moderator Seen Farm';
const HIDDEN = 'Hidden Stealer Hub';
/** Headless Chromium names itself HeadlessChrome, which the crawler rule refuses: a visitor's browser does not. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('reports in a real browser', () => {
  let site: Site;
  let browser: Browser;
  let adminToken: string;
  let scriptPath: string;
  let hiddenPath: string;
  const contexts: BrowserContext[] = [];

  async function openPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, userAgent: VISITOR_AGENT });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    site = await startSite();
    adminToken = await loginAdmin(site);
    browser = await launchBrowser();
    await staffApi(site, adminToken, '/api/createModerator', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'report_mod', Password: PASSWORD }) });
    const login = await fetch(`${site.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'report_mod', Password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.append('playsname', 'Webhook Stealer Farm');
    form.append('description', 'Looks like a farm');
    form.append('loadstring', 'print("farm")');
    const created = await staffApi<{ id: number }>(site, token, '/api/m', { method: 'POST', body: form });
    scriptPath = `/scripts/${created.id}-webhook-stealer-farm`;
    // The moderator's and the admin's tests each have a script of their own, reported through the API.
    const reported = async (name: string) => {
      const body = new FormData();
      body.append('playsname', name);
      body.append('description', 'Looks like a farm');
      body.append('loadstring', 'print("farm")');
      const { id } = await staffApi<{ id: number }>(site, token, '/api/m', { method: 'POST', body });
      const report = await fetch(`${site.url}/api/scripts/${id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': VISITOR_AGENT },
        body: JSON.stringify({ reason: 'malware', details: 'It sends my IP to a Discord webhook' }),
      });
      expect(report.status).toBe(201);
      return id;
    };
    await reported(SEEN);
    hiddenPath = `/scripts/${await reported(HIDDEN)}-hidden-stealer-hub`;
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.stop();
  });

  it('a visitor reports a script through the dialog and sees the thank-you toast', async () => {
    const page = await openPage();
    await page.goto(`${site.url}${scriptPath}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this script' });
    await dialog.waitFor();
    // Focus moves into the dialog (its focus trap loads on first use).
    await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await expectNoSeriousViolations(page, 'the report dialog');
    // No reason chosen: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a reason.' }).waitFor();
    await dialog.getByRole('radio', { name: 'Malware or data theft' }).check();
    await dialog.getByLabel('Details (optional)').fill('It sends my IP to a Discord webhook');
    await dialog.getByText('35 / 1000').waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Thank you: we will review this script.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus went back to Report.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report');
  });

  it('the moderator sees the report on its own script in its Жалобы section, in Russian', async () => {
    const page = await openPage();
    await page.goto(`${site.url}/moderator/login`);
    await waitForHydration(page);
    await page.getByLabel('UserName').fill('report_mod');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${site.url}/moderator/scripts`);
    await page.getByRole('link', { name: 'Жалобы' }).click();
    await page.waitForURL(`${site.url}/moderator/reports`);
    const reports = page.getByRole('list', { name: 'Жалобы' });
    const item = reports.getByTestId('report').filter({ hasText: SEEN });
    await item.waitFor();
    expect(await item.textContent()).toContain('Вредоносный код или кража данных');
    expect(await item.textContent()).toContain('It sends my IP to a Discord webhook');
    await expectNoSeriousViolations(page, 'the moderator’s reports section');
  });

  it('the admin hides the reported script from Reports and it leaves the public site at once', async () => {
    // The public site shows it (and caches it) first.
    const visitor = await openPage();
    await visitor.goto(`${site.url}/scripts?q=stealer`);
    expect(await visitor.content()).toContain(HIDDEN);

    const page = await openPage();
    await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), adminToken);
    await page.goto(`${site.url}/admin/dashboard`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${site.url}/admin/dashboard/reports`);
    const item = page.getByTestId('report').filter({ hasText: HIDDEN });
    await item.waitFor();
    await expectNoSeriousViolations(page, 'the admin Reports section');
    await item.getByRole('button', { name: `Hide script: ${HIDDEN}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Hide this script from the public site?' });
    await confirm.getByRole('button', { name: 'Hide script' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Script hidden' }).first().waitFor();
    // Resolved, so it leaves the open reports.
    await item.waitFor({ state: 'detached' });

    const detail = await visitor.goto(`${site.url}${hiddenPath}`);
    expect(detail?.status()).toBe(404);
    await visitor.goto(`${site.url}/scripts?q=stealer`);
    expect(await visitor.content()).not.toContain(HIDDEN);
    await visitor.goto(`${site.url}/scripts`);
    expect(await visitor.content()).not.toContain(HIDDEN);

    // Staff still see it, marked Hidden.
    await page.getByRole('link', { name: 'Scripts' }).click();
    const row = page.getByTestId('script-row').filter({ hasText: HIDDEN });
    await row.getByTestId('hidden-mark').waitFor();
  });
});
