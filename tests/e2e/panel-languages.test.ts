import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_ADMIN, staffApi, waitForHydration } from './harness.ts';
import { createModerator, dialog, json, MODERATOR_PASSWORD, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * Both panels in English and in Russian (issue 29, item 4): the switch on the login page and in the
 * shell, remembered in localStorage (`panelLanguage`) across a reload; each journey logs in, sees the
 * list, creates a script with a validation error (worded in the chosen language), then a valid one,
 * and deletes it. In the Russian panel, errors come from the answer's `code` and `fields` in Russian,
 * and the panel's calls ask the API for Russian. With no choice, each panel keeps the specification's
 * reading (the other staff tests check its exact strings).
 */

const BLOCKED = 'blocked-loader.example';

describe('the panels in English and in Russian', () => {
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      await staffApi(suite, adminToken, '/api/blocked-domains', json('POST', { domain: BLOCKED, trusted: false }));
    },
  });
  const open = () => suite.page();
  const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('panelLanguage'));
  const pressed = (page: Page, name: string) => page.getByRole('group').getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
  /** The first toast with this text (an outcome repeated quickly shows two). */
  const firstToast = (page: Page, text: string) => toast(page, text).first();

  it('moderator panel in English: switch on the login page, log in, list, create with an error, create, delete; remembered after a reload', async () => {
    await createModerator(suite, suite.adminToken, 'english_mod');
    const page = await open();
    await page.goto(`${suite.url}/moderator/login`);
    await waitForHydration(page);
    // No choice yet: the specification's Russian, with Русский pressed.
    await page.getByRole('heading', { name: 'Вход для модератора' }).waitFor();
    expect(await pressed(page, 'Русский')).toBe('true');

    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'Moderator login' }).waitFor();
    expect(await stored(page)).toBe('en');
    // The tab's title follows the chosen language (the server wrote the specification's).
    await expect.poll(() => page.title()).toMatch(/^Moderator login/);
    await page.getByLabel('Username').fill('english_mod');
    await page.getByLabel('Password').fill(MODERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${suite.url}/moderator/scripts`);
    await firstToast(page, 'You have logged in successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Scripts' }).waitFor();
    await page.getByText('No scripts yet').waitFor();
    await expect.poll(() => page.title()).toMatch(/^Scripts — Moderator panel/);

    await page.getByRole('button', { name: 'Add script' }).first().click();
    await dialog(page).getByRole('heading', { name: 'New script' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog(page).getByText('Required', { exact: true }).count()).toBe(3);

    await dialog(page).getByLabel('Name').fill('English Hub');
    await dialog(page).getByLabel('Description').fill('Made in the English panel');
    await dialog(page).getByLabel('Loadstring').fill('loadstring(game:HttpGet("https://example.test/english"))()');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await firstToast(page, 'Script created successfully').waitFor();
    await page.getByText('Total: 1').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Scripts' }).waitFor();
    await page.getByText('English Hub').first().waitFor();
    expect(await pressed(page, 'English')).toBe('true');
    expect(await page.getByRole('link', { name: 'Scripts' }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Delete the script “English Hub”' }).click();
    await dialog(page).getByRole('heading', { name: 'Are you sure you want to delete this script?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await firstToast(page, 'Script deleted successfully').waitFor();
    await page.getByText('No scripts yet').waitFor();
  });

  it('admin panel in Russian: switch, log in, list, create with an error, create, delete; errors by code; remembered after a reload', async () => {
    await createModerator(suite, suite.adminToken, 'taken_mod');
    const page = await open();
    const languages: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) languages.push(request.headers()['accept-language'] ?? '');
    });
    await page.goto(`${suite.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await pressed(page, 'English')).toBe('true');

    await page.getByRole('button', { name: 'Русский', exact: true }).click();
    await page.getByRole('heading', { name: 'Вход для администратора' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Вход для администратора/);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByText('Обязательное поле').count()).toBe(2);
    // A wrong password: the panel's text for the refusal, in Russian.
    await page.getByLabel('Имя пользователя').fill(SITE_ADMIN.username);
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Неверное имя пользователя или пароль' }).waitFor();
    await page.getByLabel('Пароль').fill(SITE_ADMIN.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Панель администратора/);

    await page.getByRole('link', { name: 'Скрипты' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Скрипты' }).waitFor();
    // The admin sees every moderator's scripts: the list, counted in Russian.
    await page.getByText(/^Всего: \d+$/).waitFor();
    await page.getByRole('button', { name: 'Новый скрипт' }).click();
    await dialog(page).getByRole('heading', { name: 'Новый скрипт' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await expect.poll(() => dialog(page).getByText('Обязательное поле').count()).toBe(3);

    // A refused save: the loader fetches from a blocked domain, said in the panel's Russian.
    await dialog(page).getByLabel('Название скрипта').fill('Русский хаб');
    await dialog(page).getByLabel('Описание').fill('Из панели на русском');
    await dialog(page).getByLabel('Loadstring').fill(`loadstring(game:HttpGet("https://${BLOCKED}/x"))()`);
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await dialog(page).getByText(`Загрузчик берёт код с ${BLOCKED}: этот домен заблокирован на сайте`).waitFor();
    await firstToast(page, 'Не удалось сохранить скрипт').waitFor();

    await dialog(page).getByLabel('Loadstring').fill('loadstring(game:HttpGet("https://example.test/russian"))()');
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await firstToast(page, 'Скрипт успешно создан').waitFor();
    await page.getByText('Русский хаб').first().waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Скрипты' }).waitFor();
    expect(await pressed(page, 'Русский')).toBe('true');
    expect(await stored(page)).toBe('ru');
    await page.getByRole('button', { name: 'Удалить Русский хаб' }).click();
    await dialog(page).getByRole('heading', { name: 'Вы уверены, что хотите удалить этот скрипт?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Удалить' }).click();
    await firstToast(page, 'Скрипт успешно удален').waitFor();
    await expect.poll(() => page.getByText('Русский хаб').count()).toBe(0);

    // A CONFLICT: the username is taken; the panel's Russian beside the field.
    await page.getByRole('link', { name: 'Модераторы' }).first().click();
    await page.getByRole('button', { name: 'Новый модератор' }).click();
    await dialog(page).getByLabel('Имя пользователя').fill('taken_mod');
    await dialog(page).getByLabel('Пароль').fill(MODERATOR_PASSWORD);
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await dialog(page).getByText('Модератор с таким именем уже есть').waitFor();

    // Every API call of the Russian panel asked for Russian.
    expect(languages.length).toBeGreaterThan(3);
    expect(new Set(languages)).toEqual(new Set(['ru']));
  });

  it('moderator panel chosen in Russian: the API’s refusals by their code and fields, in Russian', async () => {
    await createModerator(suite, suite.adminToken, 'russian_mod');
    const page = await open();
    await page.goto(`${suite.url}/moderator/login`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Русский', exact: true }).click();
    await page.getByLabel('Имя пользователя').waitFor();
    expect(await stored(page)).toBe('ru');

    // The specification's reading shows the server's English here; chosen Russian, the code's text.
    await page.getByLabel('Имя пользователя').fill('russian_mod');
    await page.getByLabel('Пароль').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Неверное имя пользователя или пароль' }).waitFor();
    await page.getByLabel('Пароль').fill(MODERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${suite.url}/moderator/scripts`);
    await page.getByText('Скриптов пока нет').waitFor();

    await page.getByRole('button', { name: 'Добавить скрипт' }).first().click();
    await dialog(page).getByLabel('Название').fill('Заблокированный');
    await dialog(page).getByLabel('Описание').fill('Берёт код с заблокированного домена');
    await dialog(page).getByLabel('Loadstring').fill(`loadstring(game:HttpGet("https://${BLOCKED}/y"))()`);
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await dialog(page).getByText(`Загрузчик берёт код с ${BLOCKED}: этот домен заблокирован на сайте`).waitFor();
    await firstToast(page, 'Ошибка при создании скрипта').waitFor();
  });

  it('admin panel chosen in English: the contract’s validation; Русский from the shell turns the open section at once', async () => {
    const page = await open();
    await page.goto(`${suite.url}/admin`);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    expect(await stored(page)).toBe('en');
    await page.getByLabel('Username').fill(SITE_ADMIN.username);
    await page.getByLabel('Password').fill(SITE_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Scripts' }).first().click();
    await page.getByRole('button', { name: 'New Script' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Script Name is required').waitFor();

    // Back to Russian from the shell: the whole panel follows at once.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Русский', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Скрипты' }).waitFor();
    await page.getByRole('link', { name: 'Журнал' }).waitFor();
    expect(await stored(page)).toBe('ru');
  });
});
