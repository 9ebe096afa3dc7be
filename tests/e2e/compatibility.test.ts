import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertExecutor, setCompatibility } from '../helpers/compatibility.ts';
import { insertScript } from '../helpers/factories.ts';
import { expectNoSeriousViolations, staffApi, waitForHydration } from './harness.ts';
import { dialog, untilServed } from './staff.ts';
import { e2eSuite, VISITOR_AGENT } from './suite.ts';

// A visitor and a script's compatibility (issue 27): the table, "Where did you run it?" and a works
// answer for one executor, kept across a reload; and staff's "Tested with" in the script form.

const WORKS = /^Works \d+$/;

const table = (page: Page) => page.getByRole('table', { name: 'Compatibility' });
/** An executor's row of the table: its cells after the executor's name (platforms, staff tested, works, doesn't work). */
const cells = (page: Page, slug: string) => page.locator(`[data-testid=compatibility] tr[data-executor="${slug}"] td`);
const works = (page: Page) => page.getByRole('group', { name: 'Votes' }).getByRole('button', { name: WORKS });

describe('compatibility in a real browser', () => {
  let scriptId: number;
  const suite = e2eSuite({
    arrange: async ({ site }) => {
      const ctx = { db: site.services.db, services: site.services };
      await insertExecutor(ctx, { name: 'Delta', slug: 'delta', platforms: ['android', 'ios'] });
      const krnl = await insertExecutor(ctx, { name: 'Krnl', slug: 'krnl', platforms: ['windows'], status: 'patched' });
      await insertExecutor(ctx, { name: 'Synapse Z', slug: 'synapse-z', platforms: ['windows'] });
      ({ id: scriptId } = await insertScript(site.services, { playsname: 'Compat Target' }));
      await setCompatibility(ctx, scriptId, krnl, { tested: true });
      await untilServed(site, '/api/executors', '"synapse-z"');
    },
  });

  it('shows the table, opens “Where did you run it?” from the keyboard, answers works for an executor and sees its count after a reload', async () => {
    const page = await suite.visit(`/scripts/${scriptId}`, { userAgent: VISITOR_AGENT });

    // The server's table: the patched executor staff tested, marked as such.
    await expect(table(page).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-testid=compatibility] tr[data-executor]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=compatibility] tr[data-executor="krnl"] th').innerText()).resolves.toMatch(/Krnl\s*Patched/);
    await expect(cells(page, 'krnl').nth(1).innerText()).resolves.toBe('Tested');

    // "Where did you run it?" opens from the keyboard; the list arrives and takes the focus.
    const opener = page.getByRole('button', { name: 'Where did you run it?' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const select = page.getByRole('combobox', { name: 'Where did you run it?' });
    await expect.poll(() => select.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(select.locator('option').allInnerTexts()).resolves.toEqual(['Not saying', 'Delta', 'Synapse Z', 'Krnl (Patched)']);
    await expectNoSeriousViolations(page, 'the script page with its compatibility and the executor picker');
    await select.selectOption('delta');

    await works(page).click();
    await expect.poll(() => works(page).getAttribute('aria-pressed')).toBe('true');
    // The answer's state carries the table's counts, this answer included.
    await expect.poll(() => cells(page, 'delta').nth(2).innerText()).toBe('1');

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => cells(page, 'delta').nth(2).innerText()).toBe('1');
    await expect(cells(page, 'delta').nth(3).innerText()).resolves.toBe('0');
    await expect(cells(page, 'krnl').nth(2).innerText()).resolves.toBe('0');
  });

  it('a works answer without an executor is still taken, and leaves the executors’ counts alone', async () => {
    const { id } = await insertScript(suite.site.services, { playsname: 'Compat Plain' });
    const page = await suite.visit(`/scripts/${id}`, { userAgent: VISITOR_AGENT });
    await expect(page.getByTestId('compatibility').innerText()).resolves.toContain('No compatibility data yet.');
    await works(page).click();
    await expect.poll(() => works(page).getAttribute('aria-pressed')).toBe('true');
    await expect(works(page).textContent()).resolves.toBe('Works 1');
    await expect(page.getByTestId('compatibility').innerText()).resolves.toContain('No compatibility data yet.');
  });
});

describe('the script form’s "Tested with" in a real browser', () => {
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ site }) => {
      const ctx = { db: site.services.db, services: site.services };
      await insertExecutor(ctx, { name: 'Delta', slug: 'delta', platforms: ['android', 'ios'] });
      await insertExecutor(ctx, { name: 'Krnl', slug: 'krnl', platforms: ['windows'], status: 'patched' });
      await insertExecutor(ctx, { name: 'Gone Soon', slug: 'gone-soon', platforms: ['mac'] });
      await untilServed(site, '/api/executors', '"gone-soon"');
    },
  });

  const testedWith = (page: Page) => dialog(page).getByRole('group', { name: 'Tested with' });
  /** The script of that name as the admin's list answers it (its `executors` included). */
  async function staffScript(name: string): Promise<{ id: number; executors?: string[] }> {
    const { items } = await staffApi<{ items: { id: number; playsname: string; executors?: string[] }[] }>(suite, suite.adminToken, `/api/scripts?limit=10&q=${encodeURIComponent(name)}`);
    const found = items.find((item) => item.playsname === name);
    if (!found) throw new Error(`no script ${name}`);
    return found;
  }

  async function openCreate(name: string): Promise<Page> {
    const page = await suite.visit('/admin/dashboard/scripts', { tokens: { admin: suite.adminToken } });
    await page.getByRole('button', { name: 'New Script' }).first().click();
    await dialog(page).getByLabel('Script Name').fill(name);
    await dialog(page).getByLabel('Description').fill(`About ${name}`);
    await dialog(page).getByLabel('Loadstring').fill(`print("${name}")`);
    await testedWith(page).getByRole('checkbox').first().waitFor();
    return page;
  }

  it('the admin marks executors from the keyboard; the script carries them, the edit form shows them, and an edit changes them', async () => {
    const page = await openCreate('Tested Hub');
    // Working executors first, as GET /api/executors orders them; a patched one named so.
    await expect(testedWith(page).locator('label').allInnerTexts()).resolves.toEqual(['Delta', 'Gone Soon', 'Krnl (patched)']);
    await testedWith(page).getByRole('checkbox', { name: 'Delta' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(testedWith(page).getByRole('checkbox', { name: 'Krnl (patched)' }).isChecked()).resolves.toBe(true);
    await expectNoSeriousViolations(page, 'the script form with Tested with', { pointerAway: true });
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const created = await staffScript('Tested Hub');
    expect(created.executors).toEqual(['delta', 'krnl']);

    // The public table shows both as tested.
    const visitor = await suite.page();
    await visitor.goto(`${suite.url}/scripts/${created.id}`);
    await expect(visitor.locator('[data-testid=compatibility] tr[data-executor]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-executor')))).resolves.toEqual(['delta', 'krnl']);

    await page.getByRole('button', { name: 'Edit Tested Hub' }).click();
    await expect.poll(() => testedWith(page).getByRole('checkbox', { name: 'Delta' }).isChecked()).toBe(true);
    await expect(testedWith(page).getByRole('checkbox', { name: 'Krnl (patched)' }).isChecked()).resolves.toBe(true);
    await expect(testedWith(page).getByRole('checkbox', { name: 'Gone Soon' }).isChecked()).resolves.toBe(false);
    await testedWith(page).getByRole('checkbox', { name: 'Krnl (patched)' }).uncheck();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await staffScript('Tested Hub')).executors).toEqual(['delta']);
  });

  it('shows the server’s refusal of an executor on the field, and creates nothing', async () => {
    const page = await openCreate('Refused Hub');
    await testedWith(page).getByRole('checkbox', { name: 'Gone Soon' }).check();
    // Deleted after the form listed it: the server refuses the unknown slug, naming it.
    await suite.site.services.db.kysely.deleteFrom('executors').where('slug', '=', 'gone-soon').execute();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    const error = dialog(page).locator('#script-executors-error');
    await error.waitFor({ timeout: 10_000 });
    await expect(error.textContent()).resolves.toContain('gone-soon');
    await expect(testedWith(page).getAttribute('aria-describedby')).resolves.toContain('script-executors-error');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('script-executors');
    const { items } = await staffApi<{ items: { playsname: string }[] }>(suite, suite.adminToken, '/api/scripts?limit=10&q=Refused');
    expect(items).toEqual([]);
  });
});
