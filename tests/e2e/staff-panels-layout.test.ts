import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sampleImage } from '../helpers/images.ts';
import { overflow, waitForHydration } from './harness.ts';
import { createScript, dialog, FAKE_PNG, moderatorAccount, TEXT_FILE } from './staff.ts';
import { e2eSuite } from './suite.ts';

/**
 * What staff ran into in both panels (issue 13), checked at the widths it was seen at: no page wider
 * than the screen, one clear error for a file that is not an image and no broken preview, a refused
 * channel's error once, the required marks on edit, one look for both file pickers (no browser
 * "Choose File / No file chosen"), a human message for a non-https site channel, and at 375 px a
 * refresh button one can tap and a search placeholder that fits.
 */

const WIDTHS = [375, 640, 820, 1280];

describe('both staff panels at 375, 640, 820 and 1280 px', () => {
  let moderatorToken: string;
  let realPng: { name: string; mimeType: string; buffer: Buffer };
  const suite = e2eSuite({
    admin: true,
    arrange: async ({ adminToken }) => {
      ({ token: moderatorToken } = await moderatorAccount(suite, adminToken, 'layout_mod'));
      for (const name of ['Layout script with a name long enough to wrap twice', 'Second layout script']) {
        const channels = ['@layout_news', 'https://t.me/layout_chat_with_a_long_name'];
        await createScript(suite, moderatorToken, { playsname: name, description: `${'A description that runs on. '.repeat(6)}${name}`, loadstring: 'loadstring(game:HttpGet("https://example.test/layout"))()', channels }, { as: 'moderator' });
      }
      realPng = { name: 'real.png', mimeType: 'image/png', buffer: await sampleImage('png') };
    },
  });

  /** A page with both panels' tokens stored, at `width` (800 px high). */
  const staffPage = (width: number) => suite.page({ viewport: { width, height: 800 }, telegram: true, tokens: { admin: suite.adminToken, moderator: moderatorToken } });

  /** Opens a panel's section in `page` (a document of its own) once its title is in. */
  async function open(page: Page, pathname: string): Promise<Page> {
    await page.goto(`${suite.url}${pathname}`);
    await waitForHydration(page);
    await page.locator('#staff-section-title').waitFor();
    return page;
  }

  const panel = async (pathname: string, width: number) => open(await staffPage(width), pathname);

  // Seven pages per width, each a document of its own in one context (the tokens are all it keeps
  // between them); one test per width keeps each well inside its time.
  const PANEL_PAGES = ['/moderator/scripts', '/moderator/dashboard', '/admin/dashboard', '/admin/dashboard/scripts', '/admin/dashboard/games', '/admin/dashboard/moderators', '/admin/dashboard/site-channels'];
  for (const width of WIDTHS) {
    it(`at ${width} px no page and no create dialog is wider than the screen`, async () => {
      const tab = await staffPage(width);
      for (const pathname of PANEL_PAGES) {
        const page = await open(tab, pathname);
        // The list (or its empty state) and the overview are in before measuring.
        await page.locator('[data-testid=list-loading], [data-testid=overview-loading]').waitFor({ state: 'detached' });
        expect(await overflow(page), `${pathname} at ${width} px`).toBeLessThanOrEqual(0);
        // An empty list offers its create button a second time: the header's is the first.
        const create = page.getByRole('button', { name: /^(Добавить скрипт|New Script|New Game)$/ }).first();
        if (await create.count()) {
          await create.click();
          await dialog(page).waitFor();
          expect(await overflow(page), `${pathname} create dialog at ${width} px`).toBeLessThanOrEqual(0);
        }
      }
    });
  }

  for (const [name, pathname, createLabel, imageLabel, texts] of [
    ['moderator', '/moderator/scripts', 'Добавить скрипт', 'Изображение', { only: 'Можно выбрать только изображение', choose: 'Выбрать изображение', none: 'Файл не выбран', submit: 'Создать' }],
    ['admin', '/admin/dashboard/scripts', 'New Script', 'Image', { only: 'Only image files are accepted', choose: 'Choose image', none: 'No image chosen', submit: 'Create' }],
  ] as const) {
    it(`${name}: a file that is not an image shows one error in the panel's language and no preview`, async () => {
      const page = await panel(pathname, 375);
      await page.getByRole('button', { name: createLabel }).click();
      const form = dialog(page);
      await form.waitFor();
      // The picker: the panel's button and file name; the browser's own control is hidden.
      await form.getByText(texts.choose, { exact: true }).waitFor();
      await form.getByText(texts.none, { exact: true }).waitFor();
      const native = await form.getByLabel(imageLabel, { exact: true }).boundingBox();
      expect(native && native.width <= 1 && native.height <= 1).toBe(true);

      for (const file of [TEXT_FILE, FAKE_PNG]) {
        await form.getByLabel(imageLabel, { exact: true }).setInputFiles(file);
        await form.getByText(texts.only).waitFor();
        expect(await form.getByText(texts.only).count(), file.name).toBe(1);
        expect(await form.getByText(/JPEG, PNG, WebP, GIF or AVIF images|Image must be/).count(), file.name).toBe(0);
        expect(await form.locator('img').count(), file.name).toBe(0);
        expect(await form.getByText(texts.none, { exact: true }).count(), file.name).toBe(1);
      }
      // A real image replaces the error with its preview and its name.
      await form.getByLabel(imageLabel, { exact: true }).setInputFiles(realPng);
      await form.getByText('real.png').waitFor();
      expect(await form.getByText(texts.only).count()).toBe(0);
      await expect.poll(() => form.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });

    it(`${name}: a javascript: channel is refused with its error shown once`, async () => {
      const page = await panel(pathname, 1280);
      await page.getByRole('button', { name: createLabel }).click();
      const form = dialog(page);
      await form.locator('#script-playsname').fill('Channel check');
      await form.locator('#script-description').fill('Checks the channel error');
      await form.locator('#script-loadstring').fill('loadstring()');
      await form.locator('#script-channels').fill('javascript:alert(1)');
      await form.getByRole('button', { name: texts.submit, exact: true }).click();
      await form.locator('#script-channels-error').waitFor();
      expect(await form.getByText(/javascript:alert\(1\)/).count()).toBe(1);
      expect(await form.getByRole('alert').count()).toBe(0);
    });
  }

  it('admin: the edit dialog keeps the required marks; both panels’ pickers look the same', async () => {
    const page = await panel('/admin/dashboard/scripts', 1280);
    await page.getByRole('button', { name: 'Edit Second layout script' }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: 'Edit Script' }).waitFor();
    for (const id of ['script-playsname', 'script-description', 'script-loadstring']) {
      expect(await form.locator(`#${id}`).getAttribute('required'), id).not.toBeNull();
      expect(await form.locator(`label[for=${id}]`).textContent(), id).toMatch(/\*$/);
    }
    const pickerLook = (p: Page) => p.getByRole('dialog').locator('label[for=script-image][aria-hidden]').evaluate((label) => label.className);
    const adminLook = await pickerLook(page);

    const moderator = await panel('/moderator/scripts', 1280);
    await moderator.getByRole('button', { name: 'Добавить скрипт' }).click();
    await dialog(moderator).waitFor();
    expect(await pickerLook(moderator)).toBe(adminLook);
  });

  it('admin: a site channel without https:// gets a message for people', async () => {
    const page = await panel('/admin/dashboard/site-channels', 375);
    await page.getByLabel('Name').fill('Plain');
    await page.getByLabel('URL').fill('http://t.me/plain');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await page.getByText('Enter a full link that starts with https://, for example https://t.me/channel').waitFor();
    expect(await page.getByText('url must be an https:// link').count()).toBe(0);
  });

  it('at 375, 640, 820 and 1280 px the refresh button is a 40 px tap target and the search placeholders fit', async () => {
    const page = await staffPage(WIDTHS[0] as number);
    for (const [pathname, refresh, width] of WIDTHS.flatMap((width) => [
      ['/moderator/scripts', 'Обновить', width],
      ['/admin/dashboard/scripts', 'Refresh', width],
    ] as const)) {
      // Each width a fresh document at that width, as a new window would open it.
      await page.setViewportSize({ width, height: 800 });
      await open(page, pathname);
      const box = await page.getByRole('button', { name: refresh }).boundingBox();
      expect(box && box.width >= 40 && box.height >= 40, `${pathname} at ${width} refresh ${JSON.stringify(box)}`).toBe(true);
      // Its icon keeps its 16 px (padding once squeezed it to 8).
      const icon = await page.getByRole('button', { name: refresh }).locator('svg').boundingBox();
      expect(icon && icon.width >= 16 && icon.height >= 16, `${pathname} at ${width} refresh icon ${JSON.stringify(icon)}`).toBe(true);
      const fit = await page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
        const placeholder = getComputedStyle(input, '::placeholder');
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
        const style = getComputedStyle(input);
        return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      });
      expect(fit.text, `${pathname} at ${width} placeholder ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.room);
    }
  });
});
