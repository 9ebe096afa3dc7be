import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../contract/executors.ts';
import { expectNoSeriousViolations } from './harness.ts';
import { createExecutor, dialog, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The admin's Executors section (issue 27, docs/decisions/0039-executors-and-compatibility.md) at
 * /admin/dashboard/executors: the table (name and slug, status, platforms, version, free, status
 * changed), create with the contract's checks, the server's 409 beside Slug, edit, and delete behind a
 * confirmation. Each test names its own executors.
 */

describe('admin executors section in a real browser', () => {
  const suite = e2eSuite({ admin: true });

  const executors = async () => (await fetch(`${suite.url}/api/executors`)).json() as Promise<Executor[]>;

  /** The dashboard, then its Executors link. */
  async function section(): Promise<Page> {
    const page = await suite.visit('/admin/dashboard', { tokens: { admin: suite.adminToken } });
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Executors' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard/executors`);
    await page.getByRole('heading', { level: 1, name: 'Manage Executors' }).waitFor();
    return page;
  }

  const row = (page: Page, name: string) => page.getByRole('table', { name: 'Executors' }).locator('tbody tr', { hasText: name });

  it('create: the contract’s checks first, then the new executor in the table and the API; a taken slug beside Slug', async () => {
    const page = await section();
    await page.getByRole('button', { name: 'New Executor' }).first().click();
    await dialog(page).getByRole('heading', { name: 'Create New Executor' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Name is required').waitFor();
    await dialog(page).getByText('Choose at least one platform').waitFor();

    await dialog(page).getByLabel('Name').fill('Browser Nebula');
    await dialog(page).getByLabel('Android').check();
    await dialog(page).getByLabel('iOS').check();
    await dialog(page).getByLabel('Status').selectOption('updating');
    await dialog(page).getByLabel('Version').fill('4.2');
    await dialog(page).getByLabel('Website').fill('http://nebula.example');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Website must be an https:// URL').waitFor();
    expect(await page.locator('#executor-website').evaluate((input) => document.activeElement === input)).toBe(true);
    await expectNoSeriousViolations(page, 'create executor with errors', { pointerAway: true });

    await dialog(page).getByLabel('Website').fill('https://nebula.example');
    await dialog(page).getByLabel('Free').check();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Executor created successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const cells = row(page, 'Browser Nebula').locator('td');
    expect(await cells.nth(0).innerText()).toContain('browser-nebula');
    expect(await cells.nth(1).innerText()).toBe('Updating');
    expect(await cells.nth(2).innerText()).toBe('Android, iOS');
    expect(await cells.nth(3).innerText()).toBe('4.2');
    expect(await cells.nth(4).innerText()).toBe('Yes');
    const stored = (await executors()).find((executor) => executor.slug === 'browser-nebula');
    expect(stored).toMatchObject({ name: 'Browser Nebula', platforms: ['android', 'ios'], status: 'updating', version: '4.2', website: 'https://nebula.example', free: true });

    // The same name again makes the same slug: the server's 409 goes beside Slug, and nothing is added.
    await page.getByRole('button', { name: 'New Executor' }).first().click();
    await dialog(page).getByLabel('Name').fill('Browser  Nebula');
    await dialog(page).getByLabel('Windows').check();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Failed to save executor').waitFor();
    expect(await dialog(page).getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    expect((await executors()).filter((executor) => executor.slug.startsWith('browser-nebula'))).toHaveLength(1);
  });

  it('edit: a new status moves when it changed; delete behind a confirmation', async () => {
    const made = await createExecutor(suite, suite.adminToken, { name: 'Browser Comet', platforms: ['windows'], status: 'working' });
    const page = await section();
    await row(page, 'Browser Comet').getByRole('button', { name: 'Edit Browser Comet' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit Executor' }).waitFor();
    expect(await dialog(page).getByLabel('Slug').inputValue()).toBe('browser-comet');
    await dialog(page).getByLabel('Status').selectOption('patched');
    await dialog(page).getByLabel('Mac').check();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Executor updated successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => row(page, 'Browser Comet').locator('td').nth(1).innerText()).toBe('Patched');
    expect(await row(page, 'Browser Comet').locator('td').nth(2).innerText()).toBe('Windows, Mac');
    const edited = (await executors()).find((executor) => executor.id === made.id)!;
    expect(edited).toMatchObject({ status: 'patched', platforms: ['windows', 'mac'], slug: 'browser-comet' });
    expect(Date.parse(edited.statusChangedAt)).toBeGreaterThan(Date.parse(made.statusChangedAt));

    await row(page, 'Browser Comet').getByRole('button', { name: 'Delete Browser Comet' }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete this executor?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Executor deleted successfully').waitFor();
    await row(page, 'Browser Comet').waitFor({ state: 'detached' });
    expect((await executors()).some((executor) => executor.id === made.id)).toBe(false);
  });
});
