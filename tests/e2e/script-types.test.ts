import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ScriptType } from '../../contract/script-types.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { insertScript } from '../helpers/factories.ts';
import { expectNoSeriousViolations, staffApi, waitForHydration } from './harness.ts';
import { dialog, moderatorAccount, toast, untilServed } from './staff.ts';
import { e2eSuite, VISITOR_AGENT } from './suite.ts';

// Script types (issue 37, docs/decisions/0063-script-types.md) end to end in Chromium: the admin creates a
// type in the dashboard's Script types section, a moderator gives it to a new script in the panel's form,
// and a visitor filters the catalogue by it, sees the chip on the card and follows it to the type's page,
// in the specification's reading and in Russian.

const cardTitles = (page: Page) => page.locator('.script-card-title').allInnerTexts();

describe('script types, end to end in a real browser', () => {
  let moderator: { id: number; token: string };
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ site, adminToken }) => {
      moderator = await moderatorAccount(suite, adminToken, 'types_mod');
      await insertScript(site.services, { playsname: 'Typeless Journey Script' });
    },
  });

  it('the admin creates a type, a moderator gives it to a script, a visitor filters by it and follows its chip', async () => {
    // The admin: the section, the contract's check, then the type in the table and the API.
    const admin = await suite.visit('/admin/dashboard', { tokens: { admin: suite.adminToken } });
    await admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Script types' }).click();
    await admin.waitForURL(`${suite.url}/admin/dashboard/script-types`);
    await admin.getByRole('button', { name: 'New type' }).first().click();
    await dialog(admin).getByRole('heading', { name: 'New script type' }).waitFor();
    await dialog(admin).locator('#type-name').fill('Journey Aimbot');
    await dialog(admin).getByRole('button', { name: 'Create' }).click();
    await dialog(admin).getByText('Russian name is required').waitFor();
    await dialog(admin).locator('#type-name-ru').fill('Аимбот путешествия');
    await dialog(admin).getByRole('button', { name: 'Create' }).click();
    await toast(admin, 'Script type created').waitFor();
    await dialog(admin).waitFor({ state: 'detached' });
    await admin.getByTestId('type-row').filter({ hasText: 'journey-aimbot' }).waitFor();
    await expectNoSeriousViolations(admin, 'admin script types section', { pointerAway: true });
    const types = (await (await fetch(`${suite.url}/api/types`)).json()) as ScriptType[];
    expect(types.find((type) => type.slug === 'journey-aimbot')).toMatchObject({ name: 'Journey Aimbot', nameEn: 'Journey Aimbot', nameRu: 'Аимбот путешествия' });

    // The moderator: a new script with the type, from the panel's form.
    const panel = await suite.visit('/moderator/dashboard', { tokens: { moderator: moderator.token } });
    await panel.getByRole('heading', { level: 1, name: 'Скрипты' }).waitFor();
    await panel.getByRole('button', { name: 'Добавить скрипт' }).first().click();
    await dialog(panel).getByRole('heading', { name: 'Новый скрипт' }).waitFor();
    await dialog(panel).getByLabel('Название').fill('Typed Journey Script');
    await dialog(panel).getByLabel('Описание').fill('Aims for you');
    await dialog(panel).getByLabel('Loadstring').fill('loadstring(game:HttpGet("https://example.test/aim"))()');
    await dialog(panel).getByRole('group', { name: 'Типы скрипта' }).getByLabel('Journey Aimbot').check();
    await dialog(panel).getByRole('button', { name: 'Создать' }).click();
    await toast(panel, 'Скрипт успешно создан').waitFor();
    await dialog(panel).waitFor({ state: 'detached' });
    const { items } = await staffApi<{ items: PublicScript[] }>(suite, moderator.token, '/api/m/scripts?limit=10&q=Typed%20Journey');
    expect(items[0]?.types).toEqual(['journey-aimbot']);
    await untilServed(suite, '/api/scripts/paginated?type=journey-aimbot', 'Typed Journey Script');

    // The visitor: the filter's select puts the type in the address; the card shows its chip.
    const page = await suite.visit('/scripts', { userAgent: VISITOR_AGENT });
    await waitForHydration(page);
    await expect.poll(() => cardTitles(page)).toEqual(expect.arrayContaining(['Typed Journey Script', 'Typeless Journey Script']));
    await page.locator('select[name="type"]').selectOption('journey-aimbot');
    await page.waitForURL(/type=journey-aimbot/);
    await expect.poll(() => cardTitles(page)).toEqual(['Typed Journey Script']);
    const chip = page.getByRole('list', { name: 'Script types' }).getByRole('link', { name: 'Journey Aimbot' });
    await chip.click();
    await page.waitForURL(`${suite.url}/types/journey-aimbot`);
    await page.getByRole('heading', { level: 1, name: 'Journey Aimbot Scripts' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(['Typed Journey Script']);

    // The same without JavaScript's help, in Russian: the address alone filters, the chip names the type in Russian.
    const context = await suite.context({ javaScriptEnabled: false, userAgent: VISITOR_AGENT });
    const ru = await context.newPage();
    await ru.goto(`${suite.url}/ru/scripts`);
    const form = ru.getByRole('search', { name: 'Фильтры' });
    await form.locator('select[name="type"]').selectOption('journey-aimbot');
    await form.getByRole('button', { name: 'Применить фильтры' }).click();
    await ru.waitForURL(/\/ru\/scripts\?.*type=journey-aimbot/);
    expect(await cardTitles(ru)).toEqual(['Typed Journey Script']);
    await ru.getByRole('list', { name: 'Типы скрипта' }).getByRole('link', { name: 'Аимбот путешествия' }).waitFor();
  });
});
