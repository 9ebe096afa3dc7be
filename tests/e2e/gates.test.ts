import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, probeApp, probed, seriousViolations, waitForHydration } from './harness.ts';
import { addSiteChannel, createScript as createStaffScript, setSiteChannels as setChannels } from './staff.ts';
import { e2eSuite } from './suite.ts';
import { wordsOf } from '../helpers/html.ts';

/**
 * Both subscription gates end to end (docs/product.md#per-script-gate, docs/product.md#site-wide-gate): the per-script gate on
 * /scripts/{id} and the site-wide gate that sends visitors to /subscribe. All data goes through the
 * admin HTTP API, which drops the server's public caches.
 */

// The gate is checked with axe on its own (seriousViolations' `within`), so this file fails for the
// gate's faults, not for the rest of the detail page (the smoke tests' job).

describe('subscription gates in a real browser', () => {
  const suite = e2eSuite({ admin: true });
  const createScript = (playsname: string, channels: string[] = []) => createStaffScript(suite, suite.adminToken, { playsname, channels });
  const setSiteChannels = (channels: { name: string; url: string }[]) => setChannels(suite, suite.adminToken, channels);

  /** A fresh visitor (empty localStorage). Channel links are answered locally, never fetched from the web. */
  async function visitor(viewport: { width: number; height: number }) {
    const context = await suite.context({ viewport, telegram: true });
    await probeApp(context);
    const page = await context.newPage();
    const hydrationErrors: string[] = [];
    const hydrationProblem = /hydrat|Minified React error #(418|419|421|422|423|425)/i;
    page.on('console', (message) => {
      if (message.type() === 'error' && hydrationProblem.test(message.text())) hydrationErrors.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (hydrationProblem.test(error.message)) hydrationErrors.push(error.message);
    });
    return { context, page, hydrationErrors };
  }

  /** Clicks something that opens a new tab; answers the URL the new tab went to, then closes it. */
  async function popupFrom(context: BrowserContext, click: () => Promise<void>): Promise<string> {
    const [popup] = await Promise.all([context.waitForEvent('page'), click()]);
    await popup.waitForLoadState();
    const url = popup.url();
    await popup.close();
    return url;
  }

  /** The detail page's content, i.e. the gate's children: the Description and Script tabs. */
  async function expectScriptContent(page: Page) {
    await page.getByRole('tab', { name: 'Description', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Script', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Subscription required').count()).toBe(0);
  }

  /**
   * The site-wide gate has decided to let the visitor stay. It decides in an effect after hydration:
   * the root's hydration mark is set by an effect of the same commit that runs after the gate's (React
   * runs a parent's effects after its children's), the gate has read the visitor's `isSubscribed`
   * flag, and it asked React Router for no navigation (a redirect to /subscribe is one).
   */
  async function expectGateStayed(page: Page) {
    await waitForHydration(page);
    await page.waitForFunction(() => (window as unknown as { __appProbe: { reads: string[] } }).__appProbe.reads.includes('isSubscribed'));
    expect((await probed(page)).navigations).toEqual([]);
  }

  const storageOf = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

  describe.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const)('at %s px', (label, viewport) => {
    it('per-script gate: subscribe to every channel, Continue reloads into the content, flags persist', async () => {
      await setSiteChannels([]);
      const script = await createScript(`Gated hub ${label}`, [`@alpha_${label}`, `https://t.me/beta_${label}`]);
      const [alpha, beta] = script.channels;
      if (!alpha || !beta) throw new Error('channels not created');

      // The server cannot know the stored flags: it renders the neutral placeholder, not the content.
      const html = await (await fetch(`${suite.url}/scripts/${script.id}`)).text();
      expect(html).toContain('data-testid="script-gate-pending"');
      // (Its messages travel in the page's data: what a reader sees is checked.)
      expect(wordsOf(html)).not.toContain('Subscription required');
      // Nor is the loader text in the page's HTML or its hydration data: it is fetched past the gate.
      expect(html).not.toContain('example.test/');

      const { context, page, hydrationErrors } = await visitor(viewport);
      await page.goto(`${suite.url}/scripts/${script.id}`);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Subscription required' }).waitFor();
      expect(await page.getByText(`@alpha_${label}`, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(`@beta_${label}`, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Description', exact: true }).count()).toBe(0);
      const continueButton = page.getByRole('button', { name: 'Continue' });
      expect(await continueButton.isDisabled()).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: '0 of 2 channels done' }).count()).toBe(1);
      expect(await seriousViolations(page, '[data-testid="script-gate"]')).toEqual([]);

      const opened = await popupFrom(context, () => page.getByRole('button', { name: new RegExp(`^Subscribe @alpha_${label}\\b`) }).click());
      expect(opened).toBe(alpha.url);
      await page.getByText('Channel subscription completed').first().waitFor();
      await page.getByRole('button', { name: new RegExp(`^Subscribed @alpha_${label}\\b`) }).waitFor();
      expect(await continueButton.isDisabled()).toBe(true);

      expect(await popupFrom(context, () => page.getByRole('button', { name: new RegExp(`^Subscribe @beta_${label}\\b`) }).click())).toBe(beta.url);
      await page.getByText('All channels done').waitFor();
      expect(await continueButton.isEnabled()).toBe(true);
      expect(JSON.parse((await storageOf(page, 'scriptSubscriptions')) ?? 'null')).toEqual({
        [script.id]: { [alpha.id]: true, [beta.id]: true },
      });

      await Promise.all([page.waitForEvent('load'), continueButton.click()]);
      await waitForHydration(page);
      await expectScriptContent(page);
      await page.getByRole('tab', { name: 'Script', exact: true }).click();
      await expect.poll(() => page.getByTestId('loader-text').textContent()).toBe(script.loadstring);

      // Flags persist per script: the next visit opens the content at once.
      await page.reload();
      await waitForHydration(page);
      await expectScriptContent(page);
      expect(hydrationErrors).toEqual([]);
      await context.close();
    });

    it('a script without channels shows its content directly, with no redirect when the site list is empty', async () => {
      await setSiteChannels([]);
      const script = await createScript(`Open hub ${label}`);
      const html = await (await fetch(`${suite.url}/scripts/${script.id}`)).text();
      expect(html).not.toContain('script-gate-pending');

      const { context, page, hydrationErrors } = await visitor(viewport);
      await page.goto(`${suite.url}/scripts/${script.id}`);
      await expectGateStayed(page);
      expect(new URL(page.url()).pathname).toBe(`/scripts/${script.id}`);
      await expectScriptContent(page);
      expect(hydrationErrors).toEqual([]);
      await context.close();
    });

    it("past the gate, a loader that failed to load says so and loads on Try again", async () => {
      await setSiteChannels([]);
      const script = await createScript(`Flaky hub ${label}`, [`@flaky_${label}`]);
      const [channel] = script.channels;
      if (!channel) throw new Error('channel not created');
      const { context, page } = await visitor(viewport);
      // A returning visitor: this script's channel is already done.
      await context.addInitScript((flags) => window.localStorage.setItem('scriptSubscriptions', flags), JSON.stringify({ [script.id]: { [channel.id]: true } }));
      const apiPath = `${suite.url}/api/scripts/${script.id}`;
      await page.route(apiPath, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy","code":"SERVICE_UNAVAILABLE"}' }));
      await page.goto(`${suite.url}/scripts/${script.id}`);
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Script', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'The loader could not be loaded.' }).waitFor();
      expect(await page.getByTestId('loader-text').count()).toBe(0);

      await page.unroute(apiPath);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => page.getByTestId('loader-text').textContent()).toBe(script.loadstring);
      await context.close();
    });

    it('site-wide gate: /subscribe, Join, Continue back in place of the gate, a changed list asks again', async () => {
      const first = { name: `Scripts Hub ${label}`, url: `https://t.me/scripts_hub_${label}` };
      const second = { name: `Alpha News ${label}`, url: `https://t.me/alpha_news_${label}` };
      await setSiteChannels([first, second]);
      const script = await createScript(`Site gated ${label}`);
      const target = `/scripts/${script.id}?ref=gate`;

      const { context, page, hydrationErrors } = await visitor(viewport);
      await page.goto(`${suite.url}/scripts`);
      await page.goto(`${suite.url}${target}`);
      await page.waitForURL(`${suite.url}/subscribe?from=${encodeURIComponent(target)}`);
      await waitForHydration(page);
      // The probe the stay-put checks rely on does see the gate's redirect.
      expect((await probed(page)).navigations).toEqual([`/subscribe?from=${encodeURIComponent(target)}`]);
      await page.getByRole('heading', { level: 1, name: 'Join Our Telegram Channels' }).waitFor();
      expect(await page.title()).toBe('Join Our Telegram Channels — ScriptHub');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      for (const channel of [first, second]) {
        expect(await page.getByText(channel.name, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByText(channel.url, { exact: true }).isVisible()).toBe(true);
        const link = page.getByRole('link', { name: new RegExp(`^Join ${channel.name}\\b`) });
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      const continueButton = page.getByRole('button', { name: 'Continue' });
      expect(await continueButton.isDisabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      expect(await popupFrom(context, () => page.getByRole('link', { name: new RegExp(`^Join ${first.name}\\b`) }).click())).toBe(first.url);
      await page.getByRole('link', { name: new RegExp(`^Joined ${first.name}\\b`) }).waitFor();
      expect(await continueButton.isDisabled()).toBe(true);
      expect(await popupFrom(context, () => page.getByRole('link', { name: new RegExp(`^Join ${second.name}\\b`) }).click())).toBe(second.url);
      await page.getByRole('link', { name: new RegExp(`^Joined ${second.name}\\b`) }).waitFor();
      expect(await continueButton.isEnabled()).toBe(true);

      await continueButton.click();
      await page.waitForURL(`${suite.url}${target}`);
      await expectScriptContent(page);
      expect(await storageOf(page, 'isSubscribed')).toBe('true');
      expect(JSON.parse((await storageOf(page, 'subscribedChannelsVersion')) ?? 'null')).toEqual([second.name, first.name].sort());

      // Subscribed to this list: a fresh load stays on the script.
      await page.reload();
      await expectGateStayed(page);
      expect(page.url()).toBe(`${suite.url}${target}`);

      // /subscribe replaced the script entry both ways, so Back skips it.
      await page.goBack();
      await page.waitForURL((url) => url.pathname !== `/scripts/${script.id}`);
      expect(new URL(page.url()).pathname).toBe('/scripts');

      // A new site channel changes the version: the flag resets and the gate asks again.
      await addSiteChannel(suite, suite.adminToken, { name: `Beta Drops ${label}`, url: `https://t.me/beta_drops_${label}` });
      await page.goto(`${suite.url}${target}`);
      await page.waitForURL(`${suite.url}/subscribe?from=${encodeURIComponent(target)}`);
      await waitForHydration(page);
      expect(await storageOf(page, 'isSubscribed')).toBe('false');
      expect(await page.getByRole('link', { name: /^Join / }).count()).toBe(3);
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      expect(hydrationErrors).toEqual([]);
      await context.close();
    });

    it('/subscribe refuses an off-site return address', async () => {
      await setSiteChannels([{ name: `Only ${label}`, url: `https://t.me/only_${label}` }]);
      const { context, page } = await visitor(viewport);
      await page.goto(`${suite.url}/subscribe?from=${encodeURIComponent('//evil.example/x')}`);
      await waitForHydration(page);
      await popupFrom(context, () => page.getByRole('link', { name: new RegExp(`^Join Only ${label}\\b`) }).click());
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${suite.url}/scripts`);
      await context.close();
    });
  });
});
