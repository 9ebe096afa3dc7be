import { sql } from 'kysely';
import { expect } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { openDatabase } from '../../server/db/database.ts';
import { createServices, type Services } from '../../server/services.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { BUILT_ENTRY, freePort, spawnEntry, type RunningEntry } from '../helpers/processes.ts';


export interface Site {
  url: string;
  dataDir: string;
  entry: RunningEntry;
  /** Services on the same database file, for arranging data (writes go through the real layers). */
  services: Services;
  /** Drops the server's caches after arranging data behind its back. */
  stop(): Promise<void>;
}

/** The admin every test site starts with. */
export const SITE_ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

/** Logs the site's admin in through the API (POST /api/al) and answers the token. */
export async function loginAdmin(site: Pick<Site, 'url'>): Promise<string> {
  const response = await fetch(`${site.url}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SITE_ADMIN) });
  if (!response.ok) throw new Error(`admin login: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A JSON call to the site's API with a staff token; anything but a 2xx answer throws with its body. */
export async function staffApi<T>(site: Pick<Site, 'url'>, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${site.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Starts the real production server (the built bundle and web app, embedded database) on a free port with the
 * given environment. Arrange data through `services` BEFORE pages read it, or restart.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  if (!fs.existsSync(path.resolve('build', 'server', 'index.js')) || !fs.existsSync(path.resolve(...BUILT_ENTRY))) {
    throw new Error('No build: run npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-e2e-'));
  const port = await freePort();
  const fullEnv = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_CATALOGUE: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: SITE_ADMIN.username,
    ADMIN_PASSWORD: SITE_ADMIN.password,
    ...env,
  };
  // The production bundle, exactly what `npm start` runs.
  const entry = spawnEntry(fullEnv, BUILT_ENTRY);
  const url = `http://127.0.0.1:${port}`;
  // Generous: a busy machine (other suites beside this one) can take many seconds, the demo catalogue's seed more.
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (entry.child.exitCode !== null || Date.now() > deadline) {
      entry.child.kill('SIGKILL'); // never left running behind a failed file
      throw new Error(`server did not start:\n${entry.output().stdout}\n${entry.output().stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const config = loadConfig(fullEnv);
  const db = openDatabase(config.database);
  const services = createServices(config, db, console);
  return {
    url,
    dataDir,
    entry,
    services,
    stop: async () => {
      await db.close();
      entry.child.kill('SIGTERM');
      await entry.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, or the one CHROME_PATH names. */
const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

let shared: Promise<Browser> | undefined;

/**
 * This worker's Chromium, launched by its first file and kept for the next ones (the workers keep
 * their modules: tests/e2e/vitest.config.ts); a launch costs about a second of CPU. Files never close
 * it, only the contexts they opened; Playwright closes it when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  const running = shared && (await shared.catch(() => undefined));
  if (running?.isConnected()) return running;
  shared = chromium.launch(CHROMIUM_LAUNCH);
  return shared;
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Loads axe-core into the page. Evaluated through the DevTools protocol, not added as a script tag:
 * the site's Content-Security-Policy rightly refuses inline scripts it did not render itself.
 */
export async function injectAxe(page: Page): Promise<void> {
  // Once per document: a second check of the same page reuses it.
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(AXE_SOURCE);
}

/** Runs axe-core in the page, or only inside the element `within` selects; answers the serious and critical violations. */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async (target) => {
    const context = target === undefined ? document : document.querySelector(target);
    if (!context) throw new Error(`axe: nothing matches ${target}`);
    const axe = (window as unknown as { axe: { run: (context: Document | Element) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(context)).violations;
  }, within);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) }));
}

/**
 * Fails the test on any serious or critical axe violation, naming `what` was checked. `pointerAway`
 * first moves the mouse off the control just clicked: its hover colour is not what the check is about.
 */
export async function expectNoSeriousViolations(page: Page, what: string, { pointerAway = false } = {}): Promise<void> {
  if (pointerAway) await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Waits until React has hydrated the page (the root marks it), so clicks reach handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

interface AppProbe {
  /** Every localStorage key the page read, in order. */
  reads: string[];
  /** Every navigation the app asked React Router for (its `navigate`), in order. */
  navigations: string[];
}

/**
 * Records, in every page of the context from its first script on, the localStorage keys the app reads
 * and the navigations it asks React Router for. A test of "nothing happened" waits for a positive
 * signal (the effect that decides has read what it decides on) and then finds no navigation asked
 * for, instead of sleeping and looking. React Router hands its router to the page as
 * `window.__reactRouterDataRouter` before the first render; its `navigate` is wrapped there.
 */
export async function probeApp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const probe: AppProbe = { reads: [], navigations: [] };
    (window as unknown as { __appProbe: AppProbe }).__appProbe = probe;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function read(this: Storage, key: string) {
      probe.reads.push(key);
      return getItem.call(this, key);
    };
    type Router = { navigate: (...args: unknown[]) => unknown };
    let router: Router | undefined;
    Object.defineProperty(window, '__reactRouterDataRouter', {
      configurable: true,
      get: () => router,
      set: (value: Router) => {
        const navigate = value.navigate;
        value.navigate = (...args: unknown[]) => {
          probe.navigations.push(typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0]));
          return navigate.apply(value, args);
        };
        router = value;
      },
    });
  });
}

/** What probeApp has recorded in the page so far. */
export function probed(page: Page): Promise<AppProbe> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __appProbe?: AppProbe }).__appProbe;
    if (!probe) throw new Error('probeApp was not installed in this page’s context');
    return { reads: [...probe.reads], navigations: [...probe.navigations] };
  });
}

/**
 * User text cut off without a sign: text running past an ancestor that hides its overflow, unless that
 * ancestor ends it with an ellipsis and keeps the whole text in a title; text cut at the bottom unless
 * a line clamp ends it with an ellipsis. Scrolling boxes (the loader) are not cut off.
 */
export function hardClips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text.length < 8 || !node.parentElement) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      for (let element: Element | null = node.parentElement; element && element !== document.body; element = element.parentElement) {
        const style = getComputedStyle(element);
        const edges = element.getBoundingClientRect();
        if (edges.width <= 1) break; // visually hidden (sr-only) text
        const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (hidesX && (box.right > edges.right + 1 || box.left < edges.left - 1)) {
          const marked = style.textOverflow === 'ellipsis' && element.getAttribute('title') === element.textContent?.trim();
          if (!marked) found.push(`cut across: <${element.tagName.toLowerCase()} class="${element.className}"> "${text.slice(0, 30)}"`);
          break;
        }
        if (hidesY && box.bottom > edges.bottom + 1) {
          if (style.webkitLineClamp === 'none') found.push(`cut below: <${element.tagName.toLowerCase()} class="${element.className}"> "${text.slice(0, 30)}"`);
          break;
        }
      }
    }
    return found;
  });
}

/** How much wider than the viewport the page is (0 or less when it fits; no sideways scroll). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - Math.min(window.innerWidth, document.documentElement.clientWidth));

/**
 * Runs `during` while the catalogue table is renamed away, so every query on it fails inside the
 * running server (a real server-side failure; the harness runs the embedded database), then puts it back.
 */
export async function withScriptsTableHidden<T>(site: Pick<Site, 'services'>, during: () => Promise<T>): Promise<T> {
  await sql`ALTER TABLE scripts RENAME TO scripts_hidden_by_test`.execute(site.services.db.kysely);
  try {
    return await during();
  } finally {
    await sql`ALTER TABLE scripts_hidden_by_test RENAME TO scripts`.execute(site.services.db.kysely);
  }
}
