import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, overflow, PHONE, seriousViolations, waitForHydration } from './harness.ts';
import { e2eSuite } from './suite.ts';

/**
 * The two landing pages (docs/product.md#landing-pages: `/` is variant A, `/info` variant B). The
 * expected texts are the product's exact texts given there, written out here rather than
 * imported from web/features/landing/texts/spec.ts, so a copy change that drifts from the spec fails.
 */

const SITE_URL = 'https://scripts.example';

const HOME_TEXTS: (string | RegExp)[] = [
  'Premium Roblox Cheats',
  'Dominate Your Favorite Roblox Games',
  'Unlock the full potential with our premium scripts, auto-farms, and game cheats.',
  'Browse Scripts',
  'How It Works',
  // The statistics strip, this page's reading of docs/product.md#marketing-figures.
  '500+',
  '10K+',
  'Active Users',
  '99%',
  '24/7',
  'Why Our Cheats Are Better',
  'Optimized Code',
  'Auto Updates',
  'Undetectable',
  'Fast Execution',
  '24/7 Support',
  'Exclusive Features',
  'Supported Games',
  'Adopt Me!',
  'Brookhaven RP',
  'Blox Fruits',
  'Pet Simulator X',
  '500K+ online',
  '300K+ online',
  '200K+ online',
  '150K+ online',
  'View Scripts',
  'View all supported games',
  'Get Started Now',
  'Learn More',
];

const INFO_TEXTS: (string | RegExp)[] = [
  'Premium Roblox Scripts',
  'Get Started',
  '500+',
  '10K+',
  'Daily Users',
  '99.9%',
  'Uptime',
  '24/7',
  'Support',
  // docs/product.md#marketing-figures: 50,000+ users in one text; where a figure has two readings, both are used.
  /50,000\+ users/,
  'Browse Scripts',
  'Back to Home',
];

const HOME_LINKS: [name: string, href: string][] = [
  ['Browse Scripts', '/scripts'],
  ['How It Works', '/info'],
  ['View Scripts for Adopt Me!', '/scripts?q=Adopt%20Me!'],
  ['View Scripts for Brookhaven RP', '/scripts?q=Brookhaven%20RP'],
  ['View Scripts for Blox Fruits', '/scripts?q=Blox%20Fruits'],
  ['View Scripts for Pet Simulator X', '/scripts?q=Pet%20Simulator%20X'],
  ['View all supported games', '/scripts'],
  ['Get Started Now', '/scripts'],
  // The visible label is the product's (docs/product.md#landing-pages); the hidden rest of the name says where it leads.
  ['Learn More about how our scripts work', '/info'],
];

const INFO_LINKS: [name: string, href: string][] = [
  ['Get Started', '/scripts'],
  ['Browse Scripts', '/scripts'],
  ['Back to Home', '/'],
];

/** The text of server-rendered HTML, entities decoded, so the product's exact texts can be looked up verbatim. */
function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function contains(haystack: string, needle: string | RegExp): boolean {
  return typeof needle === 'string' ? haystack.includes(needle) : needle.test(haystack);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

async function expectVisibleTexts(page: Page, texts: (string | RegExp)[]): Promise<void> {
  const main = page.locator('main');
  for (const text of texts) {
    const matches = main.getByText(text, typeof text === 'string' ? { exact: true } : undefined).filter({ visible: true });
    expect(await matches.count(), `visible: ${String(text)}`).toBeGreaterThan(0);
  }
}

async function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1])));
}

describe('landing pages in a real browser', () => {
  const suite = e2eSuite({ env: { SITE_URL } });

  describe('server-rendered HTML (before hydration)', () => {
    it('holds every text of variant A, its title, description and canonical link', async () => {
      const response = await fetch(`${suite.url}/`);
      expect(response.status).toBe(200);
      const html = decodeHtml(await response.text());
      for (const text of HOME_TEXTS) expect(contains(html, text), String(text)).toBe(true);
      expect(html).toMatch(/<title>[^<]*Premium Roblox Cheats[^<]*<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,160}"\/>/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/"/>`);
      // Every View Scripts link is in the HTML already, pointing at its game's search.
      for (const [, href] of HOME_LINKS) expect(html).toContain(`href="${href}"`);
    });

    it('holds every text of variant B, its title, description and canonical link', async () => {
      const response = await fetch(`${suite.url}/info`);
      expect(response.status).toBe(200);
      const html = decodeHtml(await response.text());
      for (const text of INFO_TEXTS) expect(contains(html, text), String(text)).toBe(true);
      expect(html).toMatch(/<title>[^<]*Premium Roblox Scripts[^<]*<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,160}"\/>/);
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/info"/>`);
      // The sample code block is a real <pre><code> and only prints.
      expect(html).toMatch(/<pre[^>]*><code>[\s\S]*print[\s\S]*<\/code><\/pre>/);
    });
  });

  for (const [label, viewport] of [
    ['desktop 1280', DESKTOP],
    ['phone 375', PHONE],
  ] as const) {
    describe(`at ${label}`, () => {
      it('shows every text of both pages', async () => {
        const page = await suite.page({ viewport });
        await open(page, `${suite.url}/`);
        await expectVisibleTexts(page, HOME_TEXTS);
        await open(page, `${suite.url}/info`);
        await expectVisibleTexts(page, INFO_TEXTS);
      });

      it('has one h1 and headings that never skip a level', async () => {
        const page = await suite.page({ viewport });
        for (const path of ['/', '/info']) {
          await open(page, `${suite.url}${path}`);
          const levels = await headingLevels(page);
          expect(levels[0], path).toBe(1);
          expect(levels.filter((level) => level === 1), path).toHaveLength(1);
          levels.forEach((level, index) => {
            if (index > 0) expect(level, `${path}: heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
          });
        }
      });

      it('points every button and link where the product requirements say', async () => {
        const page = await suite.page({ viewport });
        await open(page, `${suite.url}/`);
        const homeMain = page.locator('main');
        for (const [name, href] of HOME_LINKS) {
          await expect(homeMain.getByRole('link', { name, exact: true }).getAttribute('href'), name).resolves.toBe(href);
        }
        await open(page, `${suite.url}/info`);
        const infoMain = page.locator('main');
        for (const [name, href] of INFO_LINKS) {
          await expect(infoMain.getByRole('link', { name, exact: true }).getAttribute('href'), name).resolves.toBe(href);
        }
      });

      it('View Scripts on Blox Fruits searches the catalogue and fills the header search box', async () => {
        const page = await suite.page({ viewport });
        await open(page, `${suite.url}/`);
        await page.getByRole('link', { name: 'View Scripts for Blox Fruits', exact: true }).click();
        await page.waitForURL(`${suite.url}/scripts?q=Blox%20Fruits`);
        await page.getByRole('heading', { level: 1, name: 'Latest Roblox Scripts' }).waitFor({ state: 'visible', timeout: 5_000 });
        // On a phone the search box sits in the closed menu panel; its text follows q all the same.
        const box = viewport === DESKTOP ? '#search-desktop' : '#search-mobile';
        if (viewport === PHONE) await page.getByRole('button', { name: 'Main menu' }).click();
        await page.locator(box).waitFor({ state: 'visible', timeout: 5_000 });
        await expect(page.locator(box).inputValue()).resolves.toBe('Blox Fruits');
      });

      it('has no horizontal scroll on either page, cards open or closed', async () => {
        const page = await suite.page({ viewport });
        for (const path of ['/', '/info']) {
          await open(page, `${suite.url}${path}`);
          expect(await overflow(page), path).toBeLessThanOrEqual(0);
        }
        for (const trigger of await page.locator('main [aria-expanded]').all()) await trigger.click();
        expect(await page.locator('main [aria-expanded="true"]').count()).toBe(4);
        expect(await overflow(page), '/info, all cards open').toBeLessThanOrEqual(0);
      });

      it('has no serious or critical accessibility violations on either page', async () => {
        const page = await suite.page({ viewport });
        await open(page, `${suite.url}/`);
        expect(await seriousViolations(page), '/').toEqual([]);
        await open(page, `${suite.url}/info`);
        await page.getByRole('button', { name: 'Optimized Code' }).click();
        expect(await seriousViolations(page), '/info').toEqual([]);
      });
    });
  }

  it('follows every call to action by clicking', async () => {
    const page = await suite.page();
    const journeys: [from: string, link: string, to: string, heading: string][] = [
      ['/', 'Browse Scripts', '/scripts', 'Latest Roblox Scripts'],
      ['/', 'How It Works', '/info', 'Premium Roblox Scripts'],
      ['/', 'View all supported games', '/scripts', 'Latest Roblox Scripts'],
      ['/', 'Get Started Now', '/scripts', 'Latest Roblox Scripts'],
      ['/', 'Learn More about how our scripts work', '/info', 'Premium Roblox Scripts'],
      ['/info', 'Get Started', '/scripts', 'Latest Roblox Scripts'],
      ['/info', 'Browse Scripts', '/scripts', 'Latest Roblox Scripts'],
      ['/info', 'Back to Home', '/', 'Dominate Your Favorite Roblox Games'],
    ];
    for (const [from, link, to, heading] of journeys) {
      await open(page, `${suite.url}${from}`);
      await page.locator('main').getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(`${suite.url}${to}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible', timeout: 5_000 });
    }
  });

  it('opens and closes the feature cards with the keyboard, exposing aria-expanded', async () => {
    const page = await suite.page();
    await open(page, `${suite.url}/info`);
    const first = page.getByRole('button', { name: 'Optimized Code' });
    const second = page.getByRole('button', { name: 'Auto Updates' });
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');

    // Reached with Tab from the hero's button (the stat tiles hold nothing focusable).
    await page.getByRole('link', { name: 'Get Started', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(first.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await page.keyboard.press('Enter');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    // Radix names the controlled panel only while it is open (a closed one is not in the DOM).
    const panelId = await first.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(panel.getAttribute('role')).resolves.toBe('region');

    await page.keyboard.press('Space');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(panel.isVisible()).resolves.toBe(false);

    // Arrow keys move between the cards' buttons; Space opens one.
    await page.keyboard.press('ArrowDown');
    await expect(second.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('fits a 360 px screen too', async () => {
    const page = await suite.page({ viewport: { width: 360, height: 740 } });
    for (const path of ['/', '/info']) {
      await open(page, `${suite.url}${path}`);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
  });
});
