import type { Locator, Page } from 'playwright-core';
import type { Executor } from '../../contract/executors.ts';
import type { Game } from '../../contract/games.ts';
import { until } from '../helpers/wait.ts';
import { type Site, staffApi, waitForHydration } from './harness.ts';

// Staff data arranged through the real API, and what the panels' journeys share on the page.

/** The password every moderator the e2e files create is given. */
export const MODERATOR_PASSWORD = 'moderator-password-1';

type At = Pick<Site, 'url'>;

/** A JSON request's init. */
export const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Creates a moderator through the admin API (POST /api/createModerator); answers its id. */
export async function createModerator(site: At, adminToken: string, UserName: string, Password = MODERATOR_PASSWORD): Promise<number> {
  return (await staffApi<{ id: number }>(site, adminToken, '/api/createModerator', json('POST', { UserName, Password }))).id;
}

/** Logs a moderator in through the API (POST /api/login); answers its token. */
export async function loginModerator(site: At, UserName: string, Password = MODERATOR_PASSWORD): Promise<string> {
  const response = await fetch(`${site.url}/api/login`, json('POST', { UserName, Password }));
  if (!response.ok) throw new Error(`moderator login ${UserName}: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A new moderator and its token. */
export async function moderatorAccount(site: At, adminToken: string, UserName: string): Promise<{ id: number; token: string }> {
  const id = await createModerator(site, adminToken, UserName);
  return { id, token: await loginModerator(site, UserName) };
}

export interface ScriptFields {
  playsname: string;
  description?: string;
  loadstring?: string;
  channels?: string[];
  game?: string;
  keySystem?: boolean;
  keyLink?: string;
  verified?: boolean;
  executors?: string[];
}

export interface CreatedScript {
  id: number;
  playsname: string;
  loadstring: string;
  channels: { id: number; name: string; url: string }[];
}

/**
 * A script saved as staff save one, through the admin's POST /api/ac or, with `as: 'moderator'`, the
 * moderator's POST /api/m (owned by that moderator). Description and loader are made up unless given.
 */
export function createScript(site: At, token: string, fields: ScriptFields, { as = 'admin' }: { as?: 'admin' | 'moderator' } = {}): Promise<CreatedScript> {
  const body = {
    description: `About ${fields.playsname}`,
    loadstring: `loadstring(game:HttpGet("https://example.test/${encodeURIComponent(fields.playsname)}"))()`,
    ...fields,
  };
  return staffApi<CreatedScript>(site, token, as === 'admin' ? '/api/ac' : '/api/m', json('POST', body));
}

/** The admin's edit of a script's loader alone (PATCH /api/update-script/{id}). */
export async function editLoader(site: At, adminToken: string, id: number, loadstring: string): Promise<void> {
  await staffApi(site, adminToken, `/api/update-script/${id}`, json('PATCH', { loadstring }));
}

export function createGame(site: At, adminToken: string, name: string, placeId?: string): Promise<Game> {
  return staffApi<Game>(site, adminToken, '/api/games', json('POST', { name, ...(placeId ? { placeId } : {}) }));
}

export function createExecutor(site: At, adminToken: string, body: Record<string, unknown>): Promise<Executor> {
  return staffApi<Executor>(site, adminToken, '/api/executors', json('POST', body));
}

export async function addSiteChannel(site: At, adminToken: string, channel: { name: string; url: string }): Promise<void> {
  await staffApi(site, adminToken, '/api/site-channels', json('POST', channel));
}

/**
 * Waits until the server answers `path` with `text` in it: rows the test wrote straight into the
 * database reach the server's caches through the change feed (SQLite: its next poll), not at once.
 */
export async function untilServed(site: At, path: string, text: string): Promise<void> {
  await until(`${path} to answer ${text}`, async () => (await fetch(`${site.url}${path}`)).text(), (answer) => answer.includes(text), 10_000);
}

/** Makes the /subscribe list exactly `channels` (a site channel turns on the site-wide gate). */
export async function setSiteChannels(site: At, adminToken: string, channels: { name: string; url: string }[]): Promise<void> {
  const current = await staffApi<{ id: number }[]>(site, adminToken, '/api/site-channels');
  for (const channel of current) await staffApi(site, adminToken, `/api/site-channels/${channel.id}`, { method: 'DELETE' });
  for (const channel of channels) await addSiteChannel(site, adminToken, channel);
}

/** A file the image pickers must refuse: text, named as text (a picker's setInputFiles takes it as a file). */
export const TEXT_FILE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') };

/** A file named and typed as a PNG whose bytes are text: the browser cannot decode it. */
export const FAKE_PNG = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image either') };

/** A toast with this text (sonner's). */
export const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]', { hasText: text });

/** The open dialog. */
export const dialog = (page: Page): Locator => page.getByRole('dialog');

/** A moderator panel's stored token. */
export const storedModeratorToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('moderatorToken'));

/** Logs a moderator in through the panel's own form (in its default Russian); lands on the panel and answers the token it stored. */
export async function logInThroughForm(page: Page, site: At, userName: string, password = MODERATOR_PASSWORD): Promise<string> {
  await page.goto(`${site.url}/moderator/login`);
  await waitForHydration(page);
  await page.getByLabel('UserName').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${site.url}/moderator/scripts`);
  const token = await storedModeratorToken(page);
  if (!token) throw new Error(`no token stored after ${userName}'s login`);
  return token;
}
