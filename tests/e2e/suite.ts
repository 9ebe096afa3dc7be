import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DESKTOP, launchBrowser, loginAdmin, type Site, startSite, waitForHydration } from './harness.ts';

/**
 * One test file's site and browser (docs/decisions/0056-e2e-speed.md): the server starts while the
 * worker's browser is found (or launched), and the data the file's tests only read is arranged once
 * before any page asks.
 * Each test opens contexts of its own, so no test sees another's cookies, storage or open pages.
 */

/** Headless Chromium names itself HeadlessChrome, which the vote and report rules refuse as a crawler: a visitor's browser does not. */
export const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export interface ContextOptions extends BrowserContextOptions {
  /** Answers t.me links locally (a channel's Subscribe opens one in a new tab), never from the web. */
  telegram?: boolean;
  /** Staff tokens stored before the first page's scripts run, as after a login. */
  tokens?: { admin?: string; moderator?: string };
}

export interface SuiteOptions {
  /** The server's environment on top of startSite's. */
  env?: Record<string, string>;
  /** Logs the site's admin in through the API once; its token is `suite.adminToken`. */
  admin?: boolean;
  /** Data the tests share, arranged once, after the server starts and before any page is asked for. */
  arrange?: (suite: Suite) => Promise<void>;
}

export interface Suite {
  readonly site: Site;
  readonly url: string;
  readonly browser: Browser;
  /** The admin's token (`admin: true`). */
  readonly adminToken: string;
  /** A new context, DESKTOP unless told; closed when the test ends. */
  context(options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a new context of its own. */
  page(options?: ContextOptions): Promise<Page>;
  /** A page in a new context, opened at `path` and hydrated. */
  visit(path: string, options?: ContextOptions): Promise<Page>;
}

/** Registers the file's beforeAll and afterAll; the answer's fields are set once beforeAll has run. */
export function e2eSuite(options: SuiteOptions = {}): Suite {
  let site: Site | undefined;
  let browser: Browser | undefined;
  let adminToken: string | undefined;
  /** The contexts the running test opened: closed when it ends, so no page of it lives on (a panel polls). */
  let open: BrowserContext[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not set: the suite's beforeAll has not run${what === 'adminToken' ? ' or admin: true is missing' : ''}`);
    return value;
  };

  const suite: Suite = {
    get site() {
      return ready(site, 'site');
    },
    get url() {
      return ready(site, 'site').url;
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get adminToken() {
      return ready(adminToken, 'adminToken');
    },
    async context({ telegram = false, tokens, ...options } = {}) {
      const context = await suite.browser.newContext({ viewport: DESKTOP, ...options });
      open.push(context);
      if (telegram) await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>channel</title>' }));
      if (tokens) await context.addInitScript(storeTokens, tokens);
      return context;
    },
    async page(options) {
      return (await suite.context(options)).newPage();
    },
    async visit(path, options) {
      const page = await suite.page(options);
      await page.goto(`${suite.url}${path}`);
      await waitForHydration(page);
      return page;
    },
  };

  beforeAll(async () => {
    const [started, connected] = await Promise.allSettled([startSite(options.env), launchBrowser()]);
    if (started.status === 'fulfilled') site = started.value;
    if (connected.status === 'fulfilled') browser = connected.value;
    for (const outcome of [started, connected]) if (outcome.status === 'rejected') throw outcome.reason;
    if (options.admin) adminToken = await loginAdmin(ready(site, 'site'));
    await options.arrange?.(suite);
  });
  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((context) => context.close().catch(() => undefined)));
  });
  // The browser stays for the worker's next file; every context this file opened is closed by now.
  afterAll(async () => {
    await site?.stop();
  });
  return suite;
}

/** Runs in the page before its scripts: the panels read their token from localStorage. */
function storeTokens(tokens: { admin?: string; moderator?: string }): void {
  if (tokens.admin !== undefined) window.localStorage.setItem('adminToken', tokens.admin);
  if (tokens.moderator !== undefined) window.localStorage.setItem('moderatorToken', tokens.moderator);
}
