import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StaffScriptVersionSummary } from '../../contract/versions.ts';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, SITE_ADMIN, staffApi } from './harness.ts';
import { createScript, editLoader, json, moderatorAccount, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * Issue 28, item 3 (docs/product.md#staff-panels): both panels' script lists open a script's loader
 * history, with who saved each version and what it changed; Restore (behind a confirmation) saves a
 * version as a new one through the save's rules, and the moderation log reads it as a restore. The
 * moderator's panel says it in Russian, and a version whose loader now hits a blocked domain is
 * refused as a save is, changing nothing.
 */

const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/history/hub.lua"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/history", Method = "POST", Body = "stats" })';
const LATER_BLOCKED = 'loadstring(game:HttpGet("https://blocked-later.example/hub.lua"))()';

describe('a script’s history in both staff panels', () => {
  let moderatorToken: string;
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      ({ token: moderatorToken } = await moderatorAccount(suite, adminToken, 'history_mod'));
    },
  });

  /** A moderator's new script (version 1, saved by it), then the admin's edit of its loader (version 2). */
  async function twoVersions(playsname: string, first: string, second: string): Promise<number> {
    const { id } = await createScript(suite, moderatorToken, { playsname, description: 'A history sample', loadstring: first }, { as: 'moderator' });
    await editLoader(suite, suite.adminToken, id, second);
    return id;
  }
  const staffVersions = (id: number, token: string) => staffApi<StaffScriptVersionSummary[]>(suite, token, `/api/staff/scripts/${id}/versions`);
  const panel = async (path: string, heading: string, tokens: { admin?: string; moderator?: string }, viewport = DESKTOP): Promise<Page> => {
    const page = await suite.visit(path, { viewport, tokens });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    return page;
  };
  const versionItem = (dialog: ReturnType<Page['getByRole']>, version: number) => dialog.locator(`[data-testid=script-version][data-version="${version}"]`);

  it('the admin sees two versions and who saved them, restores version 1 as version 3 with a toast, and the log reads it as a restore', async () => {
    const id = await twoVersions('History Hub Admin', HUB, `${HUB}\n${WEBHOOK}`);
    const page = await panel('/admin/dashboard/scripts', 'Manage Scripts', { admin: suite.adminToken });
    await page.getByRole('button', { name: 'History of History Hub Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'History of History Hub Admin' });
    await expect.poll(() => dialog.getByTestId('script-version').count()).toBe(2);

    const second = versionItem(dialog, 2);
    expect(await second.getByRole('heading').textContent()).toBe('Version 2CurrentAdded a high-risk finding');
    expect(await second.getByTestId('saved-by').textContent()).toBe(`Saved by ${SITE_ADMIN.username}`);
    expect(await second.locator('ul li').allTextContents()).toEqual(['Adds a request to a Discord webhook', 'Now fetches from discord.com']);
    expect(await second.getByRole('button').count()).toBe(0);
    const first = versionItem(dialog, 1);
    expect(await first.getByTestId('saved-by').textContent()).toBe('Saved by history_mod');
    expect(await first.locator('ul li').allTextContents()).toEqual(['Now downloads more code and runs it', 'Now fetches from raw.githubusercontent.com']);
    await expectNoSeriousViolations(page, 'the admin’s history dialog', { pointerAway: true });

    await first.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await toast(page, 'Version 1 restored as version 3').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByTestId('script-version').count()).toBe(3);
    const third = versionItem(dialog, 3);
    expect(await third.getByRole('heading').textContent()).toBe('Version 3Current');
    expect(await third.locator('ul li').allTextContents()).toEqual(['No longer sends data to a Discord webhook', 'No longer fetches from discord.com']);
    // The current version moved: version 2 may be restored now, version 3 may not.
    expect(await versionItem(dialog, 2).getByRole('button', { name: 'Restore version 2' }).count()).toBe(1);
    expect(await third.getByRole('button').count()).toBe(0);

    const script = await staffApi<{ version: number; loadstring: string }>(suite, suite.adminToken, `/api/scripts/${id}`);
    expect(script).toMatchObject({ version: 3, loadstring: HUB });

    const log = await panel('/admin/dashboard/log', 'Moderation Log', { admin: suite.adminToken });
    await log.getByLabel('Action').selectOption({ label: 'Edited a script' });
    const row = log.getByRole('table', { name: 'Moderation log' }).locator('tbody tr').filter({ hasText: 'History Hub Admin' }).first();
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('Restored version 1');
  });

  it('the moderator sees its own script’s history in Russian; a version whose loader is now blocked is refused and nothing changes', async () => {
    const id = await twoVersions('История Хаб', LATER_BLOCKED, 'print("clean")');
    await staffApi(suite, suite.adminToken, '/api/blocked-domains', json('POST', { domain: 'blocked-later.example', trusted: false }));
    const before = await staffVersions(id, moderatorToken);
    expect(before.map((item) => item.version)).toEqual([2, 1]);

    const page = await panel('/moderator/scripts', 'Скрипты', { moderator: moderatorToken }, PHONE);
    await page.getByRole('button', { name: 'История скрипта «История Хаб»' }).click();
    const dialog = page.getByRole('dialog', { name: 'История: История Хаб' });
    await expect.poll(() => dialog.getByTestId('script-version').count()).toBe(2);
    const second = versionItem(dialog, 2);
    expect(await second.getByRole('heading').textContent()).toBe('Версия 2Текущая');
    expect(await second.getByTestId('saved-by').textContent()).toBe(`Сохранил: ${SITE_ADMIN.username}`);
    expect(await second.locator('ul li').allTextContents()).toEqual([
      'Убрано: скачивает и запускает дополнительный код: запустится то, что отдаст этот адрес.',
      'Больше не загружает с blocked-later.example',
    ]);
    const first = versionItem(dialog, 1);
    expect(await first.getByTestId('saved-by').textContent()).toBe('Сохранил: history_mod');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'the moderator’s history dialog', { pointerAway: true });

    await first.getByRole('button', { name: 'Восстановить версию 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Восстановить версию 1?' });
    await confirm.getByRole('button', { name: 'Восстановить', exact: true }).click();
    await toast(page, 'Не удалось восстановить версию').waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Fetches from blocked-later.example, which this site blocks' }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('script-version').count()).toBe(2);

    expect(await staffVersions(id, moderatorToken)).toEqual(before);
    expect(await staffApi<{ version: number; loadstring: string }>(suite, moderatorToken, `/api/scripts/${id}`)).toMatchObject({ version: 2, loadstring: 'print("clean")' });
  });
});
