import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MINIMUM_AGE } from '../../contract/index.ts';
import { spec } from '../../web/features/static/texts/spec.ts';
import { formatDate } from '../../web/lib/format.ts';
import { overflow, PHONE, probeApp, probed, seriousViolations, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

const { cookies, privacy, seo, terms } = spec;

// The static pages (docs/product.md#static-pages) in a real browser against the built server.

/**
 * A zone whose date differs from UTC's right now (UTC-11 in the UTC morning, UTC+14 later), so a page
 * that used the server's or the browser's zone instead of TIME_ZONE would show the wrong day.
 */
const TIME_ZONE = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
const SITE_URL = 'https://scripts.example';

const PAGES = [
  { path: '/privacy', title: 'Privacy Policy', dated: true },
  { path: '/terms', title: 'Terms of Service', dated: true },
  { path: '/cookies', title: 'Cookie Policy', dated: true },
  { path: '/seo', title: seo.hero.heading, dated: false },
] as const;

/** Today's date in the test's zone, read before and after a request (either may be right at midnight). */
function todayIn(zone: string): string {
  return formatDate(new Date().toISOString(), zone);
}

/** Collects what would show a broken page: console errors, uncaught errors, failed requests, dialogs. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A missing favicon is the browser's own request, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

/** Retries a read until the assertion holds: Radix moves focus and state a tick after key presses. */
function eventually<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 5_000 });
}

describe('static pages in a real browser', () => {
  const suite = e2eSuite({ env: { TIME_ZONE, SITE_URL } });

  describe('server-rendered HTML (no JavaScript)', () => {
    const expectedHeadings: Record<string, string[]> = {
      '/privacy': ['Data Collection', 'Cookies & Tracking', 'Data Protection', 'Third Parties'],
      '/terms': terms.sections.map((section) => section.title),
      '/cookies': cookies.kinds.map((kind) => kind.name),
      '/seo': [seo.games.heading, seo.types.heading, seo.benefits.heading, seo.guide.heading, seo.faq.heading],
    };

    for (const { path, title, dated } of PAGES) {
      it(`${path} holds its headings${dated ? ", today's date in TIME_ZONE" : ''} and its head tags`, async () => {
        const context = await suite.context({ javaScriptEnabled: false });
        const page = await context.newPage();
        const before = todayIn(TIME_ZONE);
        const response = await page.goto(`${suite.url}${path}`);
        const after = todayIn(TIME_ZONE);
        expect(response?.status()).toBe(200);

        await eventually(() => page.locator('h1').innerText()).toBe(title);
        const headings = await page.locator('h2, h3').allInnerTexts();
        for (const heading of expectedHeadings[path] ?? []) {
          expect(headings.some((text) => text.includes(heading)), heading).toBe(true);
        }

        if (dated) {
          const time = page.getByTestId('last-updated');
          const shown = await time.innerText();
          expect([before, after]).toContain(shown);
          expect(shown).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
          const [day, month, year] = shown.split('.');
          await eventually(() => time.getAttribute('datetime')).toBe(`${year}-${month}-${day}`);
          await eventually(() => page.getByText('Last updated:').count()).toBe(1);
        }

        await eventually(() => page.locator('head meta[name="description"]').getAttribute('content')).toBeTruthy();
        await eventually(() => page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${SITE_URL}${path}`);
        await eventually(() => page.title()).not.toBe('');
        await context.close();
      });
    }

    it('privacy and terms carry the required content', async () => {
      const context = await suite.context({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${suite.url}/privacy`);
      const privacyText = await page.locator('main').innerText();
      for (const phrase of ['anonymised usage statistics', 'Essential cookies', 'Performance cookies', 'Encryption', 'Secure servers', 'No logs', 'Regular security audits', 'VPN friendly', 'never sell', 'hosting providers']) {
        expect(privacyText, phrase).toContain(phrase);
      }

      await page.goto(`${suite.url}/terms`);
      const termsText = await page.locator('main').innerText();
      for (const list of ['You may', 'You may not']) {
        await eventually(() => page.getByRole('heading', { name: list, exact: true }).count()).toBe(1);
      }
      for (const phrase of ['personal use', 'one instance per account', 'Resell', 'commercial', 'Reverse engineer', 'banned', 'uptime', `${MINIMUM_AGE}+`, 'competitive', 'without notice']) {
        expect(termsText, phrase).toContain(phrase);
      }
      await context.close();
    });
  });

  it('hydrates every page without errors or mismatches, showing the same date', async () => {
    for (const { path, dated } of PAGES) {
      const page = await suite.page();
      const problems = watch(page);
      const before = todayIn(TIME_ZONE);
      await page.goto(`${suite.url}${path}`);
      await waitForHydration(page);
      const after = todayIn(TIME_ZONE);
      if (dated) expect([before, after]).toContain(await page.getByTestId('last-updated').innerText());
      expect(problems, path).toEqual([]);
    }
  });

  describe('/cookies', () => {
    it('switches tabs by click and with the arrow keys', async () => {
      const page = await suite.visit('/cookies');
      const all = page.getByRole('tab', { name: cookies.tabs.all });
      const manage = page.getByRole('tab', { name: cookies.tabs.manage });
      await eventually(() => all.getAttribute('aria-selected')).toBe('true');
      await eventually(() => page.getByRole('heading', { name: cookies.allHeading }).isVisible()).toBe(true);

      await manage.click();
      await eventually(() => manage.getAttribute('aria-selected')).toBe('true');
      await eventually(() => page.getByRole('heading', { name: cookies.manageHeading }).isVisible()).toBe(true);
      await eventually(() => page.getByRole('heading', { name: cookies.allHeading }).count()).toBe(0);

      await manage.focus();
      await page.keyboard.press('ArrowLeft');
      await eventually(() => all.getAttribute('aria-selected')).toBe('true');
      await eventually(() => all.evaluate((element) => element === document.activeElement)).toBe(true);
      await eventually(() => page.getByRole('heading', { name: cookies.allHeading }).isVisible()).toBe(true);

      await page.keyboard.press('ArrowRight');
      await eventually(() => manage.getAttribute('aria-selected')).toBe('true');
      await eventually(() => page.getByRole('tabpanel').getByRole('heading', { name: cookies.manageHeading }).isVisible()).toBe(true);
    });

    it('lists the three kinds, essential always active', async () => {
      const page = await suite.visit('/cookies');
      const panel = page.getByRole('tabpanel');
      for (const kind of cookies.kinds) await eventually(() => panel.getByRole('heading', { name: kind.name }).isVisible()).toBe(true);
      await eventually(() => panel.getByText(cookies.alwaysActive).count()).toBe(1);
    });

    it('has performance and analytics switches, on by default, that toggle and survive a tab switch', async () => {
      const page = await suite.visit('/cookies');
      await page.getByRole('tab', { name: cookies.tabs.manage }).click();

      const switches = page.getByRole('switch');
      await eventually(() => switches.count()).toBe(2);
      const performance = page.getByRole('switch', { name: 'Performance Cookies' });
      const analytics = page.getByRole('switch', { name: 'Analytics Cookies' });
      await eventually(() => performance.getAttribute('aria-checked')).toBe('true');
      await eventually(() => analytics.getAttribute('aria-checked')).toBe('true');
      // Essential cookies have no switch: they are always active.
      await eventually(() => page.getByRole('switch', { name: 'Essential Cookies' }).count()).toBe(0);
      await eventually(() => page.getByRole('tabpanel').getByText(cookies.alwaysActive).isVisible()).toBe(true);

      await performance.click();
      await eventually(() => performance.getAttribute('aria-checked')).toBe('false');
      await eventually(() => analytics.getAttribute('aria-checked')).toBe('true');

      await analytics.focus();
      await page.keyboard.press('Space');
      await eventually(() => analytics.getAttribute('aria-checked')).toBe('false');

      // The label toggles its switch too.
      await page.locator('label', { hasText: 'Analytics Cookies' }).click();
      await eventually(() => analytics.getAttribute('aria-checked')).toBe('true');

      await page.getByRole('tab', { name: cookies.tabs.all }).click();
      await page.getByRole('tab', { name: cookies.tabs.manage }).click();
      await eventually(() => performance.getAttribute('aria-checked')).toBe('false');
      await eventually(() => analytics.getAttribute('aria-checked')).toBe('true');
    });

    it('has a Save Preferences button that does nothing harmful', async () => {
      const context = await suite.context();
      const page = await context.newPage();
      await probeApp(context);
      const problems = watch(page);
      await page.goto(`${suite.url}/cookies`);
      await waitForHydration(page);
      await page.getByRole('tab', { name: cookies.tabs.manage }).click();
      await page.getByRole('switch', { name: 'Performance Cookies' }).click();

      const requests: string[] = [];
      page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
      const cookiesBefore = await context.cookies();
      const save = page.getByRole('button', { name: cookies.save });
      await eventually(() => save.isVisible()).toBe(true);
      // A positive signal that the click is over: a listener on window hears it after every handler
      // of the page (React's sit on the document), and marks the page once a frame has rendered since.
      await page.evaluate(() => {
        window.addEventListener('click', () => requestAnimationFrame(() => setTimeout(() => (document.documentElement.dataset.clickHandled = 'true'))), { once: true });
      });
      await save.click();
      await page.waitForFunction(() => document.documentElement.dataset.clickHandled === 'true');
      expect((await probed(page)).navigations).toEqual([]);

      expect(page.url()).toBe(`${suite.url}/cookies`);
      expect(requests).toEqual([]);
      expect(await context.cookies()).toEqual(cookiesBefore);
      await eventually(() => page.getByRole('switch', { name: 'Performance Cookies' }).getAttribute('aria-checked')).toBe('false');
      await eventually(() => page.getByRole('switch', { name: 'Analytics Cookies' }).getAttribute('aria-checked')).toBe('true');
      await eventually(() => page.getByRole('tab', { name: cookies.tabs.manage }).getAttribute('aria-selected')).toBe('true');
      expect(problems).toEqual([]);
    });
  });

  describe('/seo', () => {
    it('opens FAQ answers by click and keyboard, one at a time', async () => {
      const page = await suite.visit('/seo');
      const questions = seo.faq.items;
      expect(questions).toHaveLength(4);
      const first = page.getByRole('button', { name: questions[0]?.question });
      const second = page.getByRole('button', { name: questions[1]?.question });
      await eventually(() => page.getByRole('heading', { level: 3, name: questions[0]?.question }).count()).toBe(1);
      await eventually(() => first.getAttribute('aria-expanded')).toBe('false');
      await eventually(() => page.getByText(questions[0]?.answer ?? '').count()).toBe(0);

      await first.click();
      await eventually(() => first.getAttribute('aria-expanded')).toBe('true');
      await eventually(() => page.getByText(questions[0]?.answer ?? '').isVisible()).toBe(true);

      await second.focus();
      await page.keyboard.press('Enter');
      await eventually(() => second.getAttribute('aria-expanded')).toBe('true');
      await eventually(() => page.getByText(questions[1]?.answer ?? '').isVisible()).toBe(true);
      await eventually(() => first.getAttribute('aria-expanded')).toBe('false');

      await page.keyboard.press('Enter');
      await eventually(() => second.getAttribute('aria-expanded')).toBe('false');
    });

    it('shows six games, ten script types, and links to /scripts', async () => {
      const page = await suite.visit('/seo');
      expect(seo.games.items).toHaveLength(6);
      expect(seo.types.items).toHaveLength(10);
      for (const game of seo.games.items) {
        const link = page.getByRole('link', { name: `${seo.games.linkLabel} ${game.name}` });
        await eventually(() => link.getAttribute('href')).toBe(`/scripts?q=${encodeURIComponent(game.name)}`);
      }
      for (const type of seo.types.items) await eventually(() => page.getByRole('heading', { name: type.name, exact: true }).count()).toBe(1);

      await page.getByRole('link', { name: seo.hero.cta }).click();
      await page.waitForURL(`${suite.url}/scripts`);
    });
  });

  it('reaches each page from the footer links', async () => {
    const page = await suite.visit('/');
    const footer = page.locator('footer');
    const links = [
      { name: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy' },
      { name: 'Terms of Service', path: '/terms', title: 'Terms of Service' },
      { name: 'Cookie Policy', path: '/cookies', title: 'Cookie Policy' },
      { name: 'Roblox scripts guide', path: '/seo', title: seo.hero.heading },
    ];
    for (const link of links) {
      const before = todayIn(TIME_ZONE);
      await footer.getByRole('link', { name: link.name, exact: true }).click();
      await page.waitForURL(`${suite.url}${link.path}`);
      // The address changes before the new route renders.
      await page.locator('h1', { hasText: link.title }).waitFor();
      // Navigated in the browser: the date still comes from the server's loader.
      if (link.path !== '/seo') expect([before, todayIn(TIME_ZONE)]).toContain(await page.getByTestId('last-updated').innerText());
      await eventually(() => page.title()).toBe(`${link.path === '/seo' ? seo.title : link.title} — ScriptHub`);
    }
  });

  it('never scrolls sideways at 375 px', async () => {
    const page = await suite.page({ viewport: PHONE });
    for (const { path } of PAGES) {
      await page.goto(`${suite.url}${path}`);
      await waitForHydration(page);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${suite.url}/cookies`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: cookies.tabs.manage }).click();
    expect(await overflow(page), '/cookies, Manage Preferences').toBeLessThanOrEqual(0);
    await page.goto(`${suite.url}/seo`);
    await waitForHydration(page);
    for (const item of seo.faq.items) await page.getByRole('button', { name: item.question }).click();
    expect(await overflow(page), '/seo, FAQ open').toBeLessThanOrEqual(0);
  });

  describe('accessibility (axe: no serious or critical violations)', () => {
    for (const { path } of PAGES) {
      it(path, async () => {
        const page = await suite.visit(`${path}`);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    it('/cookies with Manage Preferences open, at 375 px', async () => {
      const page = await suite.visit('/cookies', { viewport: PHONE });
      await page.getByRole('tab', { name: cookies.tabs.manage }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('/seo with an FAQ answer open', async () => {
      const page = await suite.visit('/seo');
      await page.getByRole('button', { name: seo.faq.items[0]?.question }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('runs in a zone whose date is not UTC\'s (so the date checks mean something)', () => {
    expect(todayIn(TIME_ZONE)).not.toBe(todayIn('UTC'));
  });

  it('uses the privacy copy of the content module', () => {
    // Guards the section names of docs/product.md#privacy-page against an accidental rename in web/features/static/texts/.
    expect(privacy.sections.map((section) => section.title)).toEqual(['Data Collection', 'Cookies & Tracking', 'Data Protection', 'Third Parties']);
  });
});
