import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, waitForHydration } from './harness.ts';
import { createScript, logInThroughForm, moderatorAccount, toast } from './staff.ts';
import { e2eSuite, VISITOR_AGENT } from './suite.ts';

/**
 * Reports end to end (docs/product.md#reports): a visitor reports a script from its page through the
 * dialog; its moderator sees the report in its panel; the admin opens Reports and hides the
 * script, which then leaves the public site at once (its page 404s, it leaves /scripts and search).
 */

/** The scripts of the moderator's test and of the admin's, each reported before either runs. */
const SEEN = 'Moderator Seen Farm';
const HIDDEN = 'Hidden Stealer Hub';

describe('reports in a real browser', () => {
  let scriptPath: string;
  let hiddenPath: string;
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      const token = (await moderatorAccount(suite, adminToken, 'report_mod')).token;
      const created = await createScript(suite, token, { playsname: 'Webhook Stealer Farm', description: 'Looks like a farm', loadstring: 'print("farm")' }, { as: 'moderator' });
      scriptPath = `/scripts/${created.id}-webhook-stealer-farm`;
      // The moderator's and the admin's tests each have a script of their own, reported through the API.
      const reported = async (name: string) => {
        const { id } = await createScript(suite, token, { playsname: name, description: 'Looks like a farm', loadstring: 'print("farm")' }, { as: 'moderator' });
        const report = await fetch(`${suite.url}/api/scripts/${id}/reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': VISITOR_AGENT },
          body: JSON.stringify({ reason: 'malware', details: 'It sends my IP to a Discord webhook' }),
        });
        expect(report.status).toBe(201);
        return id;
      };
      await reported(SEEN);
      hiddenPath = `/scripts/${await reported(HIDDEN)}-hidden-stealer-hub`;
    },
  });
  const openPage = () => suite.page({ userAgent: VISITOR_AGENT });

  it('a visitor reports a script through the dialog and sees the thank-you toast', async () => {
    const page = await openPage();
    await page.goto(`${suite.url}${scriptPath}`);
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
    await toast(page, 'Thank you: we will review this script.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus went back to Report.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report');
  });

  it('the moderator sees the report on its own script in its Жалобы section, in Russian', async () => {
    const page = await openPage();
    await logInThroughForm(page, suite, 'report_mod');
    await page.getByRole('link', { name: 'Жалобы' }).click();
    await page.waitForURL(`${suite.url}/moderator/reports`);
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
    await visitor.goto(`${suite.url}/scripts?q=stealer`);
    expect(await visitor.content()).toContain(HIDDEN);

    const page = await suite.visit('/admin/dashboard', { userAgent: VISITOR_AGENT, tokens: { admin: suite.adminToken } });
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard/reports`);
    const item = page.getByTestId('report').filter({ hasText: HIDDEN });
    await item.waitFor();
    await expectNoSeriousViolations(page, 'the admin Reports section');
    await item.getByRole('button', { name: `Hide script: ${HIDDEN}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Hide this script from the public site?' });
    await confirm.getByRole('button', { name: 'Hide script' }).click();
    await toast(page, 'Script hidden').first().waitFor();
    // Resolved, so it leaves the open reports.
    await item.waitFor({ state: 'detached' });

    const detail = await visitor.goto(`${suite.url}${hiddenPath}`);
    expect(detail?.status()).toBe(404);
    await visitor.goto(`${suite.url}/scripts?q=stealer`);
    expect(await visitor.content()).not.toContain(HIDDEN);
    await visitor.goto(`${suite.url}/scripts`);
    expect(await visitor.content()).not.toContain(HIDDEN);

    // Staff still see it, marked Hidden.
    await page.getByRole('link', { name: 'Scripts' }).click();
    const row = page.getByTestId('script-row').filter({ hasText: HIDDEN });
    await row.getByTestId('hidden-mark').waitFor();
  });
});
