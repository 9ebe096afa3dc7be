import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertScript } from '../helpers/factories.ts';
import { DESKTOP, PHONE, waitForHydration } from './harness.ts';
import { createModerator, logInThroughForm, setSiteChannels, toast } from './staff.ts';
import { e2eSuite } from './suite.ts';

// Toasts hide no control and never outlive a later outcome (issue 12). A toast covered the header's
// buttons (the phone's menu button among them) at the top right; at the bottom it covered the gate's
// Continue, the script page's links and the panels' last rows. Each case below is a real toast at a
// real place in the app, checked against every control on screen, not the header's only.

const TABLET = { width: 768, height: 900 };

/** The toasts on screen: sonner keeps a dismissed one in the page while it fades out. */
const TOASTS = '[data-sonner-toast]:not([data-removed="true"])';

/** Waits until the toast with this text is the only one on screen and has slid into place. */
async function settledToast(page: Page, text: string): Promise<void> {
  const toast = page.locator(TOASTS);
  await toast.filter({ hasText: text }).and(page.locator('[data-mounted="true"]')).waitFor();
  await expect.poll(() => toast.count(), { timeout: 3_000 }).toBe(1);
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))));
}

/**
 * The controls whose visible part the toast hides: every link, button, field, tab and focusable
 * element with part of it inside the toast's box and on top at that point once the toast is left out
 * (so one under a modal's overlay or scrolled under the sticky header does not count).
 */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const toaster = '[data-sonner-toaster]';
    const toast = document.querySelector(selector);
    if (!toast) throw new Error('no toast on screen');
    const box = toast.getBoundingClientRect();
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    );
    const hidden: string[] = [];
    for (const control of controls) {
      if (control.closest(toaster)) continue;
      const rect = control.getBoundingClientRect();
      const left = Math.max(rect.left, box.left);
      const right = Math.min(rect.right, box.right);
      const top = Math.max(rect.top, box.top);
      const bottom = Math.min(rect.bottom, box.bottom);
      if (right - left < 1 || bottom - top < 1) continue;
      for (let x = left + 0.5; x < right; x += 4) {
        for (let y = top + 0.5; y < bottom; y += 4) {
          const onTop = document.elementsFromPoint(x, y).find((element) => !element.closest(toaster));
          if (onTop && control.contains(onTop)) {
            const name = control.getAttribute('aria-label') || control.getAttribute('placeholder') || control.textContent || '';
            hidden.push(`${control.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`);
            x = right;
            break;
          }
        }
      }
    }
    return hidden;
  }, TOASTS);
}

describe('toasts in a real browser', () => {
  const suite = e2eSuite({ admin: true });
  /** A site channel turns on the site-wide gate for every later visit: each test that adds one removes it. */
  const clearSiteChannels = () => setSiteChannels(suite, suite.adminToken, []);

  describe.each([
    ['375', PHONE],
    ['768', TABLET],
    ['1280', DESKTOP],
  ] as const)('at %s px', (label, viewport) => {
    it('the gate’s "subscription completed" hides no control', async () => {
      const script = await insertScript(suite.site.services, {
        playsname: `Gated toast ${label}`,
        description: 'Farms while you sleep. '.repeat(20),
        channels: [
          { name: `@alpha_${label}`, url: `https://t.me/alpha_${label}` },
          { name: `@beta_${label}`, url: `https://t.me/beta_${label}` },
        ],
      });
      const context = await suite.context({ viewport, telegram: true });
      const page = await context.newPage();
      await page.goto(`${suite.url}/scripts/${script.id}`);
      await waitForHydration(page);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: new RegExp(`^Subscribe @alpha_${label}\\b`) }).click()]);
      await popup.close();
      await settledToast(page, 'Channel subscription completed');
      expect(await controlsUnderToast(page)).toEqual([]);
    });

    it('a failed copy hides no control, the loader it asks to copy by hand among them', async () => {
      const script = await insertScript(suite.site.services, { playsname: `Copy toast ${label}` });
      const page = await suite.page({ viewport });
      // Neither way of copying works, as in a locked-down WebView.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
        document.execCommand = () => false;
      });
      await page.goto(`${suite.url}/scripts/${script.id}`);
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Script', exact: true }).click();
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await settledToast(page, 'Could not copy automatically: select the text and copy it by hand.');
      expect(await controlsUnderToast(page)).toEqual([]);
    });

    it('the moderator panel: the login’s welcome on the panel it opens, and a refresh’s toast, hide no control', async () => {
      const name = `toast_mod_${label}`;
      await createModerator(suite, suite.adminToken, name);
      const page = await suite.page({ viewport });
      await logInThroughForm(page, suite, name);
      await page.getByText('Скриптов пока нет').waitFor();
      await settledToast(page, 'Вы успешно вошли в систему');
      expect(await controlsUnderToast(page)).toEqual([]);

      await page.getByRole('button', { name: 'Обновить' }).click();
      await settledToast(page, 'Скрипты успешно загружены');
      expect(await controlsUnderToast(page)).toEqual([]);
    });

    it('the admin panel: adding a site channel hides no control', async () => {
      const page = await suite.visit('/admin/dashboard/site-channels', { viewport, tokens: { admin: suite.adminToken } });
      await page.getByLabel('Name').fill(`Toast channel ${label}`);
      await page.getByLabel('URL').fill(`https://t.me/toast_channel_${label}`);
      await page.getByRole('button', { name: 'Add channel' }).click();
      try {
        await settledToast(page, 'Channel added successfully');
        expect(await controlsUnderToast(page)).toEqual([]);
      } finally {
        await clearSiteChannels();
      }
    });
  });

  it('a success then an error leaves only the error; a later success replaces the error', async () => {
    const page = await suite.visit('/admin/dashboard/site-channels', { tokens: { admin: suite.adminToken } });
    const add = async (name: string) => {
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('URL').fill(`https://t.me/${name.toLowerCase().replaceAll(' ', '_')}`);
      await page.getByRole('button', { name: 'Add channel' }).click();
    };

    await add('Outcome One');
    await toast(page, 'Channel added successfully').waitFor();

    await page.route('**/api/site-channels', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Database is busy', code: 'SERVICE_UNAVAILABLE' }) })
        : route.fallback(),
    );
    await add('Outcome Two');
    await toast(page, 'Failed to add channel').waitFor();
    // Gone well before its own 5 seconds would have run out.
    await toast(page, 'Channel added successfully').waitFor({ state: 'detached', timeout: 2_000 });
    await settledToast(page, 'Failed to add channel');

    await page.unroute('**/api/site-channels');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await toast(page, 'Channel added successfully').waitFor();
    await toast(page, 'Failed to add channel').waitFor({ state: 'detached', timeout: 2_000 });
    await settledToast(page, 'Channel added successfully');
    await clearSiteChannels();
  });
});
