import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../contract/games.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, expectNoSeriousViolations, overflow, PHONE, staffApi } from './harness.ts';
import { createGame, dialog, moderatorAccount, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The moderator panel's part of issue 14 (docs/product.md#moderator-panel): the script form's facts
 * without Verified (the admin's alone), the list's game and badges in Russian, and the views per day
 * of the moderator's own scripts as a chart above its list, from seeded daily views.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const today = Math.floor(Date.now() / DAY_MS);

describe('moderator script facts and views in a real browser', () => {
  const moderators = new Map<string, { id: number; token: string }>();
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ site, adminToken }) => {
      const moderator = async (name: string) => {
        const account = await moderatorAccount(suite, adminToken, name);
        moderators.set(name, account);
        return account;
      };
      await createGame(suite, adminToken, 'Murder Mystery 2');
      // Views are arranged before any page asks (the server keeps the figures up to a minute).
      const viewer = await moderator('views_mod');
      const other = await moderator('other_mod');
      const own = await insertScript(site.services, { playsname: 'Own Viewed Hub', ownerModeratorId: viewer.id });
      const theirs = await insertScript(site.services, { playsname: 'Their Viewed Hub', ownerModeratorId: other.id });
      const rows: { script_id: number; day: number; views: number }[] = [];
      for (let d = 0; d < 30; d += 1) rows.push({ script_id: own.id, day: today - d, views: d + 1 }, { script_id: theirs.id, day: today - d, views: 1000 });
      await site.services.db.kysely.insertInto('script_daily_views').values(rows).execute();
      await moderator('form_mod');
    },
  });
  const tokenOf = (name: string) => (moderators.get(name) as { token: string }).token;

  async function panel(token: string, path = '/moderator/dashboard', viewport = DESKTOP): Promise<Page> {
    const page = await suite.visit(path, { viewport, tokens: { moderator: token } });
    await page.getByRole('heading', { level: 1, name: 'Скрипты' }).waitFor();
    return page;
  }

  it('the views chart above the list shows the moderator’s own scripts’ views per day, with a table for screen readers', async () => {
    const page = await panel(tokenOf('views_mod'));
    const chart = page.getByTestId('views-chart');
    await chart.getByRole('heading', { name: 'Просмотры ваших скриптов' }).waitFor();
    await expect.poll(() => chart.locator('svg .recharts-area-dot').count(), { timeout: 15_000 }).toBe(30);
    // 1 + 2 + … + 30: only its own script's views, none of the other moderator's.
    await chart.getByText('Всего: 465').waitFor();
    const table = chart.getByRole('table', { name: 'Просмотры ваших скриптов по дням, последние 30 дней' });
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody tr').last().locator('td').textContent()).toBe('1');
    // The chart comes before the list.
    const chartTop = (await chart.boundingBox())?.y ?? 0;
    const searchTop = (await page.getByRole('searchbox', { name: 'Поиск скриптов' }).boundingBox())?.y ?? 0;
    expect(chartTop).toBeLessThan(searchTop);
    await expectNoSeriousViolations(page, 'moderator views chart', { pointerAway: true });

    // /moderator/scripts is the same section.
    const same = await panel(tokenOf('views_mod'), '/moderator/scripts', PHONE);
    await expect.poll(() => same.getByTestId('views-chart').locator('svg .recharts-area-dot').count(), { timeout: 15_000 }).toBe(30);
    expect(await overflow(same)).toBeLessThanOrEqual(0);
  });

  it('the form has Game, Universal, Key system with its link and Patched, but no Verified; the list shows the game and badges', async () => {
    const token = tokenOf('form_mod');
    const page = await panel(token);
    await page.getByRole('button', { name: 'Добавить скрипт' }).first().click();
    await dialog(page).getByRole('heading', { name: 'Новый скрипт' }).waitFor();
    for (const label of ['Универсальный', 'Ключ-система', 'Не работает (пропатчен)']) expect(await dialog(page).getByLabel(label).count(), label).toBe(1);
    expect(await dialog(page).getByLabel(/Провер/).count()).toBe(0);
    expect(await dialog(page).getByRole('checkbox').count()).toBe(3);

    await dialog(page).getByLabel('Название').fill('Moderator Facts Hub');
    await dialog(page).getByLabel('Описание').fill('A moderator’s script with facts');
    await dialog(page).getByLabel('Loadstring').fill('loadstring(game:HttpGet("https://example.test/mm2"))()');
    const game = dialog(page).getByRole('combobox', { name: 'Игра' });
    await game.fill('murder');
    await dialog(page).getByRole('option', { name: /^Murder Mystery 2/ }).click();
    await expect.poll(() => game.inputValue()).toBe('Murder Mystery 2');
    await dialog(page).getByLabel('Ключ-система').check();
    // The contract's rule, in the panel's words.
    await dialog(page).getByLabel('Ссылка на ключ').fill('ftp://keys.example.test');
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await dialog(page).getByText('Укажите ссылку, которая начинается с https://').waitFor();
    await expectNoSeriousViolations(page, 'moderator form with facts', { pointerAway: true });
    await dialog(page).getByLabel('Ссылка на ключ').fill('https://keys.example.test/mm2');
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await toast(page, 'Скрипт успешно создан').waitFor();
    await dialog(page).waitFor({ state: 'detached' });

    const row = page.getByTestId('script-row').filter({ hasText: 'Moderator Facts Hub' });
    await expect.poll(() => row.getByTestId('script-facts').textContent()).toBe('Игра: Murder Mystery 2Ключ');

    const { items } = await staffApi<{ items: PublicScript[] }>(suite, token, '/api/m/scripts?limit=10&q=Moderator%20Facts%20Hub');
    const script = (await (await fetch(`${suite.url}/api/scripts/${items[0]?.id}`)).json()) as PublicScript;
    expect(script).toMatchObject({ game: { name: 'Murder Mystery 2', slug: 'murder-mystery-2' }, keySystem: true, keyLink: 'https://keys.example.test/mm2', verified: false, universal: false, patched: false });
    const games = (await (await fetch(`${suite.url}/api/games`)).json()) as Game[];
    expect(games.filter((entry) => entry.slug.startsWith('murder-mystery-2'))).toHaveLength(1);
  });
});
