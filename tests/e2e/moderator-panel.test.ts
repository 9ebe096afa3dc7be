import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, overflow, PHONE, seriousViolations, waitForHydration } from './harness.ts';
import { createModerator as createStaffModerator, createScript, logInThroughForm, MODERATOR_PASSWORD, storedModeratorToken, TEXT_FILE, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * The moderator panel end to end (docs/product.md#moderator-panel; issue 5): login (wrong password
 * first), the scripts table with search and paging, the create modal with an image and channels, the
 * public catalogue, delete with confirmation, logout, the /moderator redirects, the deactivated flow
 * (the admin deletes the moderator while its panel polls every second), the 375 px layout and axe.
 *
 * Moderators are created through the admin API; every browser login goes through the real form. The
 * login throttle allows 5 failures per address and username in 15 minutes: this file makes one wrong attempt.
 */

describe('moderator panel in a real browser', () => {
  let cover: { name: string; mimeType: string; buffer: Buffer };
  const suite = e2eSuite({
    env: { MODERATOR_STATUS_POLL_MS: '1000' },
    admin: true,
    arrange: async () => {
      const buffer = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#7c3aed' } }).png().toBuffer();
      cover = { name: 'cover.png', mimeType: 'image/png', buffer };
    },
  });

  /** A call with the admin's token, or the one `token` names. */
  async function api(pathname: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const { token = suite.adminToken, ...rest } = init;
    return fetch(`${suite.url}${pathname}`, { ...rest, headers: { authorization: `Bearer ${token}`, ...(rest.headers as Record<string, string> | undefined) } });
  }

  const createModerator = (UserName: string) => createStaffModerator(suite, suite.adminToken, UserName);

  /** Arranges scripts for a moderator through its own API (its token comes from the browser's login). */
  async function arrangeScripts(token: string, names: string[]): Promise<void> {
    for (const name of names) await createScript(suite, token, { playsname: name }, { as: 'moderator' });
  }

  /** Channel links never leave the machine. */
  const openPage = (viewport = DESKTOP) => suite.page({ viewport, telegram: true });
  const logIn = (page: Page, userName: string) => logInThroughForm(page, suite, userName);

  /** The visible list's rows: the table from 1024 px, the cards below. */
  function rows(page: Page): Locator {
    return page.locator('[data-testid=script-row]:visible, [data-testid=script-card]:visible');
  }

  it('serves every moderator page with noindex, and the panel only as a client-side fallback', async () => {
    for (const pathname of ['/moderator', '/moderator/login', '/moderator/dashboard', '/moderator/scripts']) {
      const html = await (await fetch(`${suite.url}${pathname}`)).text();
      expect(html, pathname).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html, pathname).toMatch(/<title>[^<]+<\/title>/);
    }
    const panel = await (await fetch(`${suite.url}/moderator/scripts`)).text();
    expect(panel).toContain('Загрузка панели…');
    expect(panel).not.toContain('data-testid="script-row"');
  });

  it('/moderator redirects to the login page (carrying the origin) or to the panel, replacing history', async () => {
    await createModerator('redirect_mod');
    const page = await openPage();
    await page.goto(`${suite.url}/scripts`);
    const before = await page.evaluate(() => window.history.length);
    await page.goto(`${suite.url}/moderator`);
    await page.waitForURL(`${suite.url}/moderator/login?from=%2Fmoderator`);
    await page.getByRole('heading', { name: 'Вход для модератора' }).waitFor();
    // /moderator's entry was replaced: one new entry, and Back returns to where the visitor came from.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL(`${suite.url}/scripts`);

    // The guard: the panel without a token goes to the login page with `from`, and back there after login.
    await page.goto(`${suite.url}/moderator/dashboard`);
    await page.waitForURL(`${suite.url}/moderator/login?from=%2Fmoderator%2Fdashboard`);
    await waitForHydration(page);
    await page.getByLabel('UserName').fill('redirect_mod');
    await page.getByLabel('Password').fill(MODERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${suite.url}/moderator/dashboard`);
    await page.getByRole('heading', { name: 'Скрипты', level: 1 }).waitFor();

    // With a session, /moderator goes to the panel.
    await page.goto(`${suite.url}/moderator`);
    await page.waitForURL(`${suite.url}/moderator/scripts`);
    await page.getByRole('heading', { name: 'Скрипты', level: 1 }).waitFor();

    // An unsafe `from` is ignored.
    await page.evaluate(() => window.localStorage.removeItem('moderatorToken'));
    await page.goto(`${suite.url}/moderator/login?from=${encodeURIComponent('//evil.example/moderator/x')}`);
    await waitForHydration(page);
    await page.getByLabel('UserName').fill('redirect_mod');
    await page.getByLabel('Password').fill(MODERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${suite.url}/moderator/scripts`);
  });

  it('logs in after a wrong password, creates, finds, searches, pages, deletes, logs out', async () => {
    const name = 'alice_mod';
    await createModerator(name);
    const page = await openPage();
    await page.goto(`${suite.url}/moderator/login`);
    await waitForHydration(page);

    // Required fields, checked in the browser: no request goes out.
    await page.getByRole('button', { name: 'Войти' }).click();
    expect(await page.getByText('Обязательное поле').count()).toBe(2);
    expect(await page.getByLabel('UserName').getAttribute('aria-invalid')).toBe('true');

    // A wrong password: the server's text on the page, the toast, no token.
    await page.getByLabel('UserName').fill(name);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await toast(page, 'Ошибка при входе').waitFor();
    expect(await storedModeratorToken(page)).toBeNull();
    expect(page.url()).toBe(`${suite.url}/moderator/login`);

    await page.getByLabel('Password').fill(MODERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${suite.url}/moderator/scripts`);
    await toast(page, 'Вы успешно вошли в систему').waitFor();
    const token = (await storedModeratorToken(page)) as string;
    expect(token).toBeTruthy();

    // Empty, then 11 scripts arranged behind the page's back: an explicit refresh shows them.
    await page.getByText('Скриптов пока нет').waitFor();
    // A plain load is not announced; only an explicit refresh is.
    expect(await toast(page, 'Скрипты успешно загружены').count()).toBe(0);
    await arrangeScripts(
      token,
      Array.from({ length: 11 }, (_, index) => `Filler script ${String(index + 1).padStart(2, '0')}`),
    );
    await page.getByRole('button', { name: 'Обновить' }).click();
    await toast(page, 'Скрипты успешно загружены').waitFor();
    await page.getByText('Показано 1 - 10 из 11').waitFor();
    expect(await rows(page).count()).toBe(10);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('Показано 11 - 11 из 11').waitFor();
    // The range line follows the chosen page at once; the previous rows stay, dimmed and aria-busy, until
    // the new page arrives.
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().textContent()).toContain('Filler script 01');

    // The create modal: required fields, then a server field error beside its field.
    await page.getByRole('button', { name: 'Добавить скрипт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый скрипт' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    expect(await dialog.getByText('Обязательное поле').count()).toBe(3);

    const title = 'Zephyr Auto Farm';
    await dialog.getByLabel('Название').fill(title);
    await dialog.getByLabel('Описание').fill('Farms Zephyr island while you sleep.');
    await dialog.getByLabel('Loadstring').fill('loadstring(game:HttpGet("https://example.test/zephyr"))()');
    await dialog.getByLabel('Каналы').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    const channelsError = dialog.locator('#script-channels-error');
    await channelsError.waitFor();
    expect(await dialog.getByLabel('Каналы').getAttribute('aria-invalid')).toBe('true');
    await toast(page, 'Ошибка при создании скрипта').waitFor();

    // Only images: a text file is refused in the browser.
    await dialog.getByLabel('Изображение').setInputFiles(TEXT_FILE);
    await dialog.getByText('Можно выбрать только изображение').waitFor();

    await dialog.getByLabel('Каналы').fill(' @zephyr_news, , https://t.me/zephyr_chat ,');
    await dialog.getByLabel('Изображение').setInputFiles(cover);
    await dialog.getByRole('img', { name: 'Предпросмотр изображения' }).waitFor();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await toast(page, 'Скрипт успешно создан').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Back on page 1: the new script heads the list, with its image and both channels.
    await page.getByText('Показано 1 - 10 из 12').waitFor();
    const first = rows(page).first();
    await expect.poll(() => first.textContent()).toContain(title);
    expect(await first.getByText('@zephyr_news').isVisible()).toBe(true);
    expect(await first.getByText('@zephyr_chat').isVisible()).toBe(true);
    const thumbnail = first.locator('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The form was reset: opening it again shows empty fields.
    await page.getByRole('button', { name: 'Добавить скрипт' }).click();
    expect(await dialog.getByLabel('Название').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The public catalogue shows it.
    const visitor = await openPage();
    await visitor.goto(`${suite.url}/scripts`);
    await visitor.getByText(title, { exact: true }).first().waitFor();

    // Search (server-side, case-insensitive): one row, no pagination; a miss shows the empty text.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('Показано 11 - 12 из 12').waitFor();
    await page.getByLabel('Поиск скриптов').fill('zEpHyR');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(title);
    expect(await page.getByText(/^Показано/).count()).toBe(0);
    await page.getByLabel('Поиск скриптов').fill('no such script anywhere');
    await page.getByText('Ничего не найдено').waitFor();
    await page.getByLabel('Поиск скриптов').fill('zephyr');
    await expect.poll(() => rows(page).count()).toBe(1);

    // Delete, confirmed.
    await rows(page).first().getByRole('button', { name: `Удалить скрипт «${title}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Вы уверены, что хотите удалить этот скрипт?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await toast(page, 'Скрипт успешно удален').waitFor();
    await page.getByText('Ничего не найдено').waitFor();
    const publicList = (await (await fetch(`${suite.url}/api/scripts/paginated?q=zephyr`)).json()) as { total: number };
    expect(publicList.total).toBe(0);

    // Logout: the token is revoked and gone.
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${suite.url}/moderator/login`);
    await toast(page, 'Вы успешно вышли из системы').waitFor();
    expect(await storedModeratorToken(page)).toBeNull();
    expect((await api('/api/m/check-status', { token })).status).toBe(401);
  });

  it('lands on the login page with the deactivated text when the admin deletes the open moderator', async () => {
    const id = await createModerator('bob_mod');
    const page = await openPage();
    await logIn(page, 'bob_mod');
    await page.getByText('Скриптов пока нет').waitFor();

    expect((await api(`/api/delete-moderator/${id}`, { method: 'DELETE' })).status).toBe(200);
    await page.waitForURL(/\/moderator\/login\?.*reason=deactivated/, { timeout: 5_000 });
    await page.getByText('Ваш аккаунт удалён или деактивирован').waitFor();
    expect(await storedModeratorToken(page)).toBeNull();
    expect(await page.getByRole('heading', { name: 'Вход для модератора' }).isVisible()).toBe(true);
  });

  it('works at 375 px: cards, a collapsed sidebar, a fitting modal, no horizontal scroll', async () => {
    await createModerator('carol_mod');
    const page = await openPage(PHONE);
    const token = await logIn(page, 'carol_mod');
    await arrangeScripts(token, ['Narrow screen script with a rather long name to wrap', 'Second narrow script']);
    await page.reload();
    await expect.poll(() => page.locator('[data-testid=script-card]:visible').count()).toBe(2);
    // The scripts' table (the views chart's table for screen readers is another).
    expect(await page.locator('table:has([data-testid=script-row])').isVisible()).toBe(false);
    expect(await page.locator('aside').isVisible()).toBe(false);

    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The menu button opens the collapsed navigation.
    await page.getByRole('button', { name: 'Меню панели' }).click();
    expect(await page.getByRole('link', { name: 'Скрипты' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Выйти' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Меню панели' }).click();

    await page.getByRole('button', { name: 'Добавить скрипт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый скрипт' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    // Delete from a card.
    const card = page.locator('[data-testid=script-card]:visible', { hasText: 'Second narrow script' });
    await card.getByRole('button', { name: 'Удалить скрипт «Second narrow script»' }).click();
    await page.getByRole('dialog', { name: 'Вы уверены, что хотите удалить этот скрипт?' }).getByRole('button', { name: 'Удалить' }).click();
    await toast(page, 'Скрипт успешно удален').waitFor();
    await expect.poll(() => page.locator('[data-testid=script-card]:visible').count()).toBe(1);
  });

  it('shows the list errors (fault injection: states the real server cannot be made to produce)', async () => {
    await createModerator('erin_mod');
    const page = await openPage();

    // A login answer without a token, then a throttled login (the real throttle would cost 5 failures).
    await page.goto(`${suite.url}/moderator/login`);
    await waitForHydration(page);
    await page.getByLabel('UserName').fill('erin_mod');
    await page.getByLabel('Password').fill(MODERATOR_PASSWORD);
    await page.route('**/api/login', (route) => route.fulfill({ contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Токен не получен' }).waitFor();
    await toast(page, 'Ошибка при входе').waitFor();
    await page.unroute('**/api/login');
    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '60' },
        body: JSON.stringify({ error: 'Too many failed login attempts. Try again later.', code: 'RATE_LIMITED' }),
      }),
    );
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: 'Too many failed login attempts. Try again later.' }).waitFor();
    expect(await storedModeratorToken(page)).toBeNull();
    await page.unroute('**/api/login');

    await logIn(page, 'erin_mod');
    await page.getByText('Скриптов пока нет').waitFor();

    // An answer of the wrong shape.
    await page.route('**/api/m/scripts?*', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify([{ nope: true }]) }));
    await page.getByRole('button', { name: 'Обновить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Сервер вернул некорректные данные' }).waitFor();
    await toast(page, 'Не удалось загрузить скрипты').waitFor();

    // A failure with the server's text, then one without any.
    await page.unroute('**/api/m/scripts?*');
    await page.route('**/api/m/scripts?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Database is busy', code: 'SERVICE_UNAVAILABLE' }) }),
    );
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.getByRole('alert').filter({ hasText: 'Database is busy' }).waitFor();
    await page.unroute('**/api/m/scripts?*');
    await page.route('**/api/m/scripts?*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ошибка при загрузке скриптов' }).waitFor();

    // The real server again: the retry succeeds and says so.
    await page.unroute('**/api/m/scripts?*');
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.getByText('Скриптов пока нет').waitFor();
    await toast(page, 'Скрипты успешно загружены').waitFor();
  });

  it('has no serious or critical axe violations on the login page and the panel (modal open too)', async () => {
    await createModerator('dave_mod');
    const page = await openPage();
    await page.goto(`${suite.url}/moderator/login?reason=deactivated`);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Обязательное поле').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const token = await logIn(page, 'dave_mod');
    await arrangeScripts(token, ['Accessible script one', 'Accessible script two']);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Добавить скрипт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый скрипт' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await dialog.getByText('Обязательное поле').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    const phone = await openPage(PHONE);
    await phone.goto(`${suite.url}/moderator/login`);
    await phone.evaluate((value) => window.localStorage.setItem('moderatorToken', value), token);
    await phone.goto(`${suite.url}/moderator/scripts`);
    await expect.poll(() => rows(phone).count()).toBe(2);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
