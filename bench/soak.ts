import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { throwawayPostgres } from '../tests/helpers/databases.ts';
import { USER_AGENT } from './load.ts';
import { type Managed, pinCores, startServer } from './processes.ts';
import { addressIn48, casedPrefixPath, FaultLog, HOSTILE_LOADERS, longPath, POISON_HOST, terminateConnections, variedListPath, WorkerWatch } from './soak-faults.ts';
import { ProcessMonitor } from './soak-monitor.ts';
import { fixed, percentile } from './stats.ts';

/**
 * npm run bench:soak [-- --minutes 5 --rate 100 --database postgres://user@127.0.0.1:5432/test
 *                       --instances 2 --workers 2 --fault-every 5]
 *
 * A soak of mixed traffic at a fixed arrival rate (open loop: requests leave on schedule whether or
 * not earlier ones were answered) against the production build: visitors from distinct addresses
 * reading the API and the pages, staff listing, creating (with uploads), editing and deleting scripts,
 * logins right and wrong, and hostile requests. Prints answers by kind and status, latency, and the
 * servers' resident memory per worker and minute. Fails on any 5xx or request that got no answer
 * outside a fault window, a saved script whose image is not served at the end, an acknowledged write
 * that is not in the catalogue at the end, or a worker that died without the soak killing it. With
 * `--fault-every N` it kills a worker, ends the app's database connections and bursts the attacks of
 * issues 24 and 36 every N minutes (bench/soak-faults.ts). Plain answers naming an X-Forwarded-Host an
 * attack sent (a poisoned cache) fail it too.
 */
const { values } = parseArgs({
  args: process.argv.slice(2),
  strict: true,
  options: {
    minutes: { type: 'string', default: '5' },
    // What this layout (every server process pinned to one core) holds with the mix's writes, which
    // make the list pages cold several times a second: docs/performance.md, "Faults under load".
    rate: { type: 'string', default: '100' },
    database: { type: 'string' },
    instances: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    'fault-every': { type: 'string', default: '0' },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const INSTANCES = Number(values.instances);
const WORKERS = Number(values.workers);
const FAULT_EVERY_MS = Number(values['fault-every']) * 60_000;
if (!(MINUTES > 0) || !(RATE > 0)) throw new Error('--minutes and --rate must be positive numbers');
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || !Number.isInteger(WORKERS) || WORKERS < 1) throw new Error('--instances and --workers must be whole numbers from 1');
if (INSTANCES > 1 && !values.database) throw new Error('--instances above 1 needs --database (instances share one PostgreSQL database)');
if (!(FAULT_EVERY_MS >= 0)) throw new Error('--fault-every must be minutes, 0 for none');

const ADMIN = { username: 'soak_admin', password: 'soak-admin-password-1' };
const MAX_IN_FLIGHT = 2_000;
const SEARCHES = ['farm', 'auto farm', 'blox fruits', 'fruits farm', 'pet', 'adopt', 'speed', 'esp', 'aimbot', 'teleport', 'фарм', 'k', 'ab'];
const PAGES = ['/', '/info', '/privacy', '/terms', '/cookies', '/seo', '/subscribe', '/scripts', '/sitemap.xml', '/robots.txt'];

interface Outcome {
  statuses: Map<number, number>;
  times: number[];
}

const outcomes = new Map<string, Outcome>();
const failures: string[] = [];
let sent = 0;
let inFlight = 0;
let serverErrors = 0;
let faultLog: FaultLog | undefined;
let monitor: ProcessMonitor | undefined;
const soakStarted = { at: 0 };

function record(kind: string, status: number, ms: number, detail: string) {
  let outcome = outcomes.get(kind);
  if (!outcome) outcomes.set(kind, (outcome = { statuses: new Map(), times: [] }));
  outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
  outcome.times.push(ms);
  if (status >= 500 || status === 0) {
    serverErrors += 1;
    const inWindow = faultLog?.failure() ?? false;
    if (!inWindow && failures.length < 20) failures.push(`${fixed((performance.now() - soakStarted.at) / 1000, 1)} s ${kind}: ${status} ${detail}`);
  }
}

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
/** Popularity skewed like real catalogues: a few scripts get most visits. */
const popular = <T>(items: readonly T[]): T => items[Math.floor(items.length * Math.random() ** 3)] as T;
const visitor = () => `${10 + random(200)}.${random(256)}.${random(256)}.${1 + random(254)}`;

interface Session {
  token: string;
  kind: 'admin' | 'moderator';
  username: string;
  password: string;
}

interface Catalogue {
  /** One instance's origin, picked at random per request. */
  readonly base: string;
  bases: string[];
  admin: Session;
  moderators: Session[];
  /** Script ids known to exist (some get deleted meanwhile: their 404s are expected). */
  ids: number[];
  /** Scripts this soak created and may delete, by owner token. */
  own: { id: number; session: Session }[];
  images: Buffer[];
  tempModerators: number[];
  siteChannels: number[];
  /** Acknowledged writes: each created script's last acknowledged description, or null once deleted. */
  acknowledged: Map<number, string | null>;
  /** Scripts with an edit in flight: edits of one script are serialised so the last acknowledged is the last applied. */
  editing: Set<number>;
  /** Scripts an unanswered edit or delete may have changed: their end state is not checked. */
  uncertain: Set<number>;
  /** A script whose loader fetches from a trusted domain. */
  trustedId: number;
}

interface Answer {
  status: number;
  text: string;
}

async function timed(kind: string, url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Answer | undefined> {
  const started = performance.now();
  sent += 1;
  inFlight += 1;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    record(kind, response.status, performance.now() - started, `${init.method ?? 'GET'} ${url} ${text.slice(0, 200)}`);
    return { status: response.status, text };
  } catch (error) {
    record(kind, 0, performance.now() - started, `${init.method ?? 'GET'} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    inFlight -= 1;
  }
}

/** A raw request for what fetch refuses to send (odd methods, bad Host); the status of the answer. */
function rawRequest(kind: string, base: string, text: string): Promise<void> {
  const { port } = new URL(base);
  const started = performance.now();
  sent += 1;
  inFlight += 1;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    const done = () => {
      inFlight -= 1;
      record(kind, Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), performance.now() - started, text.split('\r\n')[0] ?? '');
      resolve();
    };
    socket.once('close', done);
    socket.once('error', () => undefined);
  });
}

function headersFor(session?: Session): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT.replace('124.0', `${100 + random(30)}.0`), 'x-forwarded-for': visitor() };
  if (session) headers.authorization = `Bearer ${session.token}`;
  return headers;
}

function scriptForm(image?: Buffer, { big = false, loadstring }: { big?: boolean; loadstring?: string } = {}): FormData {
  const form = new FormData();
  const n = random(1e9);
  form.append('playsname', `Soak ${pick(['Auto Farm', 'ESP', 'Speed Hub', 'Pet Sim'])} ${n}`);
  // The big ones are the answer cache's attack of issue 24: a 16,000-character loader, a 2,000-character description.
  form.append('description', big ? `Описание скрипта ${n}. `.repeat(80).slice(0, 2_000) : `Created by the soak at ${new Date().toISOString()}`);
  const fetchLine = `loadstring(game:HttpGet("https://example.test/${n}.lua"))()`;
  form.append('loadstring', loadstring ?? (big ? `${fetchLine}\n${'-- keep this loader as it is\n'.repeat(600)}`.slice(0, 16_000) : fetchLine));
  if (Math.random() < 0.5) form.append('channels[]', `@soak_${random(20)}`);
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'soak.png');
  return form;
}

/** About 92 % of requests: visitors from distinct addresses, popular scripts far more often. */
const PUBLIC: [number, (c: Catalogue) => Promise<unknown>][] = [
  [200, (c) => timed('public: API script', `${c.base}/api/scripts/${popular(c.ids)}`, { headers: headersFor() })],
  [140, (c) => timed('public: API page', `${c.base}/api/scripts/paginated?limit=8&offset=${16 + 8 * random(8)}`, { headers: headersFor() })],
  [60, (c) => timed('public: API search', `${c.base}/api/scripts/paginated?q=${encodeURIComponent(pick(SEARCHES))}`, { headers: headersFor() })],
  [150, (c) => timed('public: script page', `${c.base}/scripts/${popular(c.ids)}`, { headers: headersFor() })],
  [70, (c) => timed('public: catalogue page', `${c.base}/scripts${Math.random() < 0.4 ? `?q=${encodeURIComponent(pick(SEARCHES))}` : ''}`, { headers: headersFor() })],
  [40, (c) => timed('public: other page', `${c.base}${pick(PAGES)}`, { headers: headersFor() })],
  [40, (c) => timed('public: channels', `${c.base}/api/scripts/${popular(c.ids)}/channels`, { headers: headersFor() })],
  [20, (c) => timed('public: site channels', `${c.base}/api/site-channels`, { headers: headersFor() })],
];

/** About 3 % of requests: a staff team's day compressed (about one upload a second at 200 req/s). */
const STAFF: [number, (c: Catalogue) => Promise<unknown>][] = [
  [6, (c) => timed('staff: admin list', `${c.base}/api/scripts?limit=10&offset=${10 * random(5)}${Math.random() < 0.3 ? `&q=${pick(SEARCHES)}` : ''}`, { headers: headersFor(c.admin) })],
  [4, (c) => timed('staff: moderator list', `${c.base}/api/m/scripts?limit=10`, { headers: headersFor(pick(c.moderators)) })],
  [4, (c) => create(c)],
  [2, (c) => edit(c)],
  [3, (c) => remove(c)],
  [3, (c) => login(c)],
  [1, (c) => siteChannel(c)],
  [1, (c) => moderatorChurn(c)],
];

/** About 4.5 % of requests: bad input of every kind the hardening covers; each must be a 4xx. */
const HOSTILE: [number, (c: Catalogue) => Promise<unknown>][] = [
  [4, (c) => timed('hostile: NUL in q', `${c.base}/api/scripts/paginated?q=fa%00rm`, { headers: headersFor() })],
  [3, (c) => timed('hostile: leading-zero id', `${c.base}/api/scripts/00${popular(c.ids)}`, { headers: headersFor() })],
  [3, (c) => timed('hostile: unknown API path', `${c.base}/api/${random(1e6)}`, { headers: headersFor() })],
  [3, (c) => timed('hostile: unknown query params', `${c.base}/scripts?x=${random(1e9)}&utm_source=${random(1e9)}`, { headers: headersFor() })],
  [3, (c) => rawRequest('hostile: TRACE', c.base, 'TRACE /scripts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')],
  [3, (c) => rawRequest('hostile: bad Host', c.base, 'GET /scripts HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')],
  [2, (c) => rawRequest('hostile: not HTTP', c.base, 'GARBAGE\r\n\r\n')],
  [3, (c) => timed('hostile: OPTIONS', `${c.base}/api/scripts/paginated`, { method: 'OPTIONS', headers: headersFor() })],
  [3, (c) => {
    const boundary = 'SoakBoundary';
    const body = `--${boundary}\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(20_000 + random(100_000))}\r\n--${boundary}--\r\n`;
    const headers = { ...headersFor(c.admin), 'content-type': `multipart/form-data; boundary=${boundary}` };
    return timed('hostile: part without Content-Disposition', `${c.base}/api/ac`, { method: 'POST', body, headers });
  }],
  [3, (c) => {
    const form = scriptForm();
    form.set('playsname', `Control\u0000${random(1e6)}`);
    return timed('hostile: control character in a field', `${c.base}/api/ac`, { method: 'POST', body: form, headers: headersFor(c.admin) });
  }],
  [2, (c) => timed('hostile: malformed JSON', `${c.base}/api/al`, { method: 'POST', body: '{"username": ', headers: { ...headersFor(), 'content-type': 'application/json' } })],
  [2, (c) => timed('hostile: garbage token', `${c.base}/api/scripts`, { headers: { ...headersFor(), authorization: `Bearer ${'x'.repeat(43)}` } })],
];

async function create(c: Catalogue) {
  const session = Math.random() < 0.5 ? c.admin : pick(c.moderators);
  const image = Math.random() < 0.7 ? pick(c.images) : undefined;
  const form = scriptForm(image);
  const response = await timed(`staff: create${image ? ' with image' : ''}`, `${c.base}${session.kind === 'admin' ? '/api/ac' : '/api/m'}`, {
    method: 'POST',
    body: form,
    headers: headersFor(session),
  });
  if (response?.status === 201) {
    const { id } = JSON.parse(response.text) as { id?: number };
    if (id) {
      c.ids.push(id);
      c.own.push({ id, session });
      c.acknowledged.set(id, String(form.get('description')));
    }
  }
}

async function edit(c: Catalogue) {
  const target = pick(c.own.filter((script) => script.session.kind === 'admin' && !c.editing.has(script.id)));
  if (!target) return;
  const form = new FormData();
  const description = `Edited by the soak at ${new Date().toISOString()} ${random(1e9)}`;
  form.append('description', description);
  if (Math.random() < 0.5) form.append('image', new Blob([new Uint8Array(pick(c.images))], { type: 'image/png' }), 'edit.png');
  c.editing.add(target.id);
  try {
    const response = await timed('staff: edit', `${c.base}/api/update-script/${target.id}`, { method: 'PATCH', body: form, headers: headersFor(c.admin) });
    if (response?.status === 200 && c.acknowledged.get(target.id) !== null) c.acknowledged.set(target.id, description);
    // No answer, or a 5xx: it may or may not have been stored, so its text proves nothing either way.
    else if (!response || response.status >= 500) c.uncertain.add(target.id);
  } finally {
    c.editing.delete(target.id);
  }
}

async function remove(c: Catalogue) {
  if (c.own.length < 30) return create(c);
  const target = c.own.splice(random(c.own.length), 1)[0];
  if (!target) return;
  c.ids = c.ids.filter((id) => id !== target.id);
  const path = target.session.kind === 'admin' ? `/api/ad/${target.id}` : `/api/m/${target.id}`;
  const response = await timed('staff: delete', `${c.base}${path}`, { method: 'DELETE', headers: headersFor(target.session) });
  if (response && response.status < 300) c.acknowledged.set(target.id, null);
  else if (!response || response.status >= 500) c.uncertain.add(target.id);
}

function login(c: Catalogue) {
  const right = Math.random() < 0.5;
  const body = JSON.stringify({ username: ADMIN.username, password: right ? ADMIN.password : `wrong-${random(1e6)}` });
  return timed(`staff: ${right ? 'right' : 'wrong'} password`, `${c.base}/api/al`, {
    method: 'POST',
    body,
    headers: { ...headersFor(), 'content-type': 'application/json' },
  });
}

async function siteChannel(c: Catalogue) {
  if (c.siteChannels.length > 3) {
    const id = c.siteChannels.shift();
    return timed('staff: site channel remove', `${c.base}/api/site-channels/${id}`, { method: 'DELETE', headers: headersFor(c.admin) });
  }
  const response = await timed('staff: site channel add', `${c.base}/api/site-channels`, {
    method: 'POST',
    body: JSON.stringify({ name: `Soak ${random(1e6)}`, url: `https://t.me/soak_${random(1e6)}` }),
    headers: { ...headersFor(c.admin), 'content-type': 'application/json' },
  });
  if (response?.status === 201) c.siteChannels.push((JSON.parse(response.text) as { id: number }).id);
}

async function moderatorChurn(c: Catalogue) {
  if (c.tempModerators.length > 2) {
    const id = c.tempModerators.shift();
    return timed('staff: moderator delete', `${c.base}/api/delete-moderator/${id}`, { method: 'DELETE', headers: headersFor(c.admin) });
  }
  const response = await timed('staff: moderator create', `${c.base}/api/createModerator`, {
    method: 'POST',
    body: JSON.stringify({ UserName: `soak_${random(1e9)}`, Password: 'soak-moderator-password' }),
    headers: { ...headersFor(c.admin), 'content-type': 'application/json' },
  });
  if (response?.status === 201) c.tempModerators.push((JSON.parse(response.text) as { id: number }).id);
}

function chooser(groups: [number, (c: Catalogue) => Promise<unknown>][]) {
  const total = groups.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, run] of groups) if ((roll -= weight) < 0) return run;
    return groups[0]?.[1] as (c: Catalogue) => Promise<unknown>;
  };
}

async function images(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const pixels = Buffer.alloc(320 * 180 * 3);
      for (let p = 0; p < pixels.length; p += 1) pixels[p] = (p * (i + 7) * 2654435761) >>> 24;
      return sharp(pixels, { raw: { width: 320, height: 180, channels: 3 } }).png().toBuffer();
    }),
  );
}

async function sessionToken(base: string, url: string, body: object): Promise<string> {
  const response = await fetch(`${base}${url}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' } });
  if (response.status !== 200) throw new Error(`login ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function seed(bases: string[]): Promise<Catalogue> {
  const base = bases[0] as string;
  const admin: Session = { kind: 'admin', ...ADMIN, token: await sessionToken(base, '/api/al', ADMIN) };
  const moderators: Session[] = [];
  for (let i = 0; i < 4; i += 1) {
    const username = `soak_moderator_${i}`;
    const password = 'soak-moderator-password';
    const created = await fetch(`${base}/api/createModerator`, {
      method: 'POST',
      body: JSON.stringify({ UserName: username, Password: password }),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    });
    if (created.status !== 201) throw new Error(`createModerator: ${created.status}`);
    moderators.push({ kind: 'moderator', username, password, token: await sessionToken(base, '/api/login', { UserName: username, Password: password }) });
  }
  const catalogue: Catalogue = {
    get base() {
      return pick(bases);
    },
    bases,
    admin,
    moderators,
    ids: [],
    own: [],
    images: await images(),
    tempModerators: [],
    siteChannels: [],
    acknowledged: new Map(),
    editing: new Set(),
    uncertain: new Set(),
    trustedId: 0,
  };
  const trusted = await fetch(`${base}/api/blocked-domains`, {
    method: 'POST',
    body: JSON.stringify({ domain: 'trusted.soak.test', trusted: true }),
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
  });
  if (trusted.status !== 201) throw new Error(`trusted domain: ${trusted.status} ${await trusted.text()}`);
  // 60 ordinary scripts, 60 big ones (the answer cache's attack) and one whose loader fetches from a trusted host.
  for (let i = 0; i < 121; i += 1) {
    const session = i % 2 === 0 ? admin : (moderators[i % moderators.length] as Session);
    const options = i === 120 ? { loadstring: HOSTILE_LOADERS.trustedPadded } : { big: i >= 60 };
    const response = await fetch(`${base}${session.kind === 'admin' ? '/api/ac' : '/api/m'}`, {
      method: 'POST',
      body: scriptForm(i % 3 === 0 ? undefined : catalogue.images[i % catalogue.images.length], options),
      headers: { authorization: `Bearer ${session.token}` },
    });
    if (response.status !== 201) throw new Error(`seed create: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: number };
    catalogue.ids.push(id);
    if (i === 120) catalogue.trustedId = id;
  }
  return catalogue;
}

type StaffScript = { id: number; description: string; image: string | null; imageCard: string | null };

async function staffScripts(c: Catalogue): Promise<StaffScript[]> {
  const response = await fetch(`${c.base}/api/scripts`, { headers: { authorization: `Bearer ${c.admin.token}` } });
  if (response.status !== 200) throw new Error(`admin list: ${response.status}`);
  return (await response.json()) as StaffScript[];
}

/** Every saved script's two image files are served. */
async function lostImages(c: Catalogue, scripts: StaffScript[]): Promise<{ checked: number; lost: string[] }> {
  const lost: string[] = [];
  let checked = 0;
  for (const script of scripts) {
    for (const url of [script.image, script.imageCard]) {
      if (!url) continue;
      checked += 1;
      const answer = await fetch(`${c.base}${url}`, { method: 'HEAD' });
      if (answer.status !== 200) lost.push(`script ${script.id}: ${url} → ${answer.status}`);
    }
  }
  return { checked, lost };
}

/** Acknowledged creates, edits and deletes that the catalogue does not show at the end. */
function lostWrites(c: Catalogue, scripts: StaffScript[]): string[] {
  const stored = new Map(scripts.map((script) => [script.id, script.description]));
  const lost: string[] = [];
  for (const [id, description] of c.acknowledged) {
    if (c.uncertain.has(id)) continue;
    if (description === null && stored.has(id)) lost.push(`script ${id}: deleted, still there`);
    if (description !== null && !stored.has(id)) lost.push(`script ${id}: created, missing`);
    if (description !== null && stored.has(id) && stored.get(id) !== description) lost.push(`script ${id}: description is not the last acknowledged one`);
  }
  return lost;
}

/** Plain answers that named the attackers' X-Forwarded-Host: each one a page served poisoned. */
let poisoned = 0;

/** An X-Forwarded-Host attack on a shareable page, then the same page asked plainly: it must not name the attacker's host. */
async function poisonAttempt(c: Catalogue): Promise<void> {
  const base = c.base;
  const path = pick(['/scripts', '/', `/scripts/${popular(c.ids)}`, '/sitemap.xml', '/info']);
  await timed('attack: X-Forwarded-Host', `${base}${path}`, { headers: { ...headersFor(), 'x-forwarded-host': POISON_HOST, 'x-forwarded-proto': 'https' } });
  const plain = await timed('attack: page after X-Forwarded-Host', `${base}${path}`, { headers: headersFor() });
  if (plain?.text.includes(POISON_HOST)) {
    poisoned += 1;
    if (failures.length < 20) failures.push(`poisoned: GET ${path} named ${POISON_HOST}`);
  }
}

/** Issue 36's attacks: a /48 asking cold pages from a new /64 each time (as a browser and as a fake Googlebot), cased prefixes, X-Forwarded-Host. */
function round4Attacks(c: Catalogue, loop: (request: () => Promise<unknown>) => Promise<void>): Promise<void>[] {
  const site = 0xa000 + random(0x1000);
  const from48 = (userAgent?: string) => ({ headers: { ...headersFor(), 'x-forwarded-for': addressIn48(site), ...(userAgent ? { 'user-agent': userAgent } : {}) } });
  const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  return [
    ...Array.from({ length: 12 }, () => loop(() => timed('attack: /48 flood', `${c.base}/scripts?q=${random(1e9)}`, from48()))),
    ...Array.from({ length: 6 }, () => loop(() => timed('attack: /48 fake Googlebot', `${c.base}/scripts?page=${1 + random(5)}&x=${random(1e9)}`, from48(googlebot)))),
    ...Array.from({ length: 3 }, () => loop(() => timed('attack: cased prefix', `${c.base}${casedPrefixPath()}`, { headers: headersFor() }))),
    ...Array.from({ length: 2 }, () => loop(() => poisonAttempt(c))),
  ];
}

/** Issue 24's attacks for `seconds` (varied list pages 12 at a time, long paths, hostile loaders, trusted-loader reads), and issue 36's. */
async function attackBurst(c: Catalogue, seconds: number): Promise<void> {
  const until = performance.now() + seconds * 1000;
  const loop = async (request: () => Promise<unknown>) => {
    while (performance.now() < until) await request();
  };
  const hostileCreate = (loadstring: string) => async () => {
    await timed('attack: hostile loader', `${c.base}/api/ac`, { method: 'POST', body: scriptForm(undefined, { loadstring }), headers: headersFor(c.admin) });
  };
  await Promise.all([
    ...Array.from({ length: 12 }, () => loop(() => timed('attack: varied list', `${c.base}${variedListPath()}`, { headers: headersFor() }))),
    ...Array.from({ length: 6 }, () => loop(() => timed('attack: long path', `${c.base}${longPath()}`, { headers: headersFor() }))),
    loop(hostileCreate(HOSTILE_LOADERS.statements)),
    loop(hostileCreate(HOSTILE_LOADERS.nestedInterpolation)),
    loop(() => timed('attack: trusted loader read', `${c.base}/api/scripts/${c.trustedId}`, { headers: headersFor() })),
    ...round4Attacks(c, loop),
  ]);
}

/** One round of faults: kill -9 of a worker, the app's database connections ended, then the attacks. */
async function injectFaults(c: Catalogue, watch: WorkerWatch, log: FaultLog, databaseUrl: string | undefined): Promise<void> {
  // A lone process has no primary to restart it: that is the process manager's part, not measured here.
  if (WORKERS > 1) {
    log.begin(`kill -9 ${watch.killOne(random(c.bases.length))}`);
    console.log(`  fault: ${log.windows.at(-1)?.name}`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  if (databaseUrl) {
    log.begin('database connections terminated');
    console.log(`  fault: ${await terminateConnections(databaseUrl)} database connections terminated`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  log.begin('attack burst (20 s)');
  console.log('  fault: attack burst');
  await attackBurst(c, 20);
}

function report(seconds: number, watch: WorkerWatch) {
  console.log(`\n${sent} requests in ${fixed(seconds, 0)} s (${fixed(sent / seconds, 1)} req/s offered ${RATE}), ${serverErrors} failed (5xx or no answer)`);
  watch.report();
  faultLog?.report();
  console.log('\n| kind | answers | statuses | p50 ms | p99 ms |\n|---|---:|---|---:|---:|');
  for (const [kind, outcome] of [...outcomes].sort(([a], [b]) => a.localeCompare(b))) {
    const times = outcome.times.sort((a, b) => a - b);
    const statuses = [...outcome.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(`| ${kind} | ${times.length} | ${statuses} | ${fixed(percentile(times, 50), 1)} | ${fixed(percentile(times, 99), 1)} |`);
  }
}

function kindPicker() {
  const kinds = [chooser(PUBLIC), chooser(STAFF), chooser(HOSTILE)];
  const groupWeights = [PUBLIC, STAFF, HOSTILE].map((group) => group.reduce((sum, [weight]) => sum + weight, 0));
  const totalWeight = groupWeights.reduce((a, b) => a + b, 0);
  return () => {
    let roll = Math.random() * totalWeight;
    for (const [index, weight] of groupWeights.entries()) if ((roll -= weight) < 0) return (kinds[index] as () => (c: Catalogue) => Promise<unknown>)();
    return (kinds[0] as () => (c: Catalogue) => Promise<unknown>)();
  };
}

/** Sends the mix at RATE for MINUTES, with a round of faults every FAULT_EVERY_MS; how many requests the client skipped. */
async function soak(catalogue: Catalogue, watch: WorkerWatch, databaseUrl: string | undefined): Promise<number> {
  const pickKind = kindPicker();
  const started = performance.now();
  if (FAULT_EVERY_MS > 0) faultLog = new FaultLog(started);
  const durationMs = MINUTES * 60_000;
  let scheduled = 0;
  let lastReport = 0;
  let overloaded = 0;
  let nextFault = FAULT_EVERY_MS;
  const rounds: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.floor((Math.min(elapsed, durationMs) / 1000) * RATE);
      for (; scheduled < due; scheduled += 1) {
        if (inFlight >= MAX_IN_FLIGHT) overloaded += 1;
        else void pickKind()(catalogue);
      }
      if (faultLog && nextFault > 0 && elapsed >= nextFault && elapsed < durationMs - 60_000) {
        nextFault += FAULT_EVERY_MS;
        rounds.push(injectFaults(catalogue, watch, faultLog, databaseUrl));
      }
      if (elapsed - lastReport >= 10_000) {
        lastReport = elapsed;
        if (elapsed >= 60_000 * watch.minutes.length) watch.nextMinute();
        console.log(`  ${fixed(elapsed / 1000, 0)} s: ${sent} sent, ${inFlight} in flight, ${serverErrors} failed`);
        for (const line of monitor?.lines() ?? []) console.log(line);
      }
      if (elapsed >= durationMs) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(rounds);
  const deadline = Date.now() + 30_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return overloaded;
}

async function main() {
  const pinning = pinCores();
  console.log(pinning ? `CPU: ${pinning}` : 'CPU: not pinned');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-soak-'));
  const database = values.database ? await throwawayPostgres(values.database, 'catalogue_soak') : undefined;
  const env: Record<string, string> = { TRUST_PROXY: 'true', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, WORKERS: String(WORKERS) };
  if (database) env.DATABASE_URL = database.url;
  if (INSTANCES > 1) env.IMAGE_STORAGE = 'database';
  const servers: Managed[] = [];
  try {
    const bases: string[] = [];
    for (let i = 0; i < INSTANCES; i += 1) {
      const { server, url } = await startServer(dataDir, env);
      servers.push(server);
      bases.push(url);
    }
    console.log(`Database: ${database ? 'PostgreSQL' : 'SQLite'}; ${INSTANCES} instance(s) × ${WORKERS} worker(s); seeding 121 scripts through the API…`);
    const catalogue = await seed(bases);
    const watch = new WorkerWatch(servers.map((server) => server.pid));
    watch.start();
    monitor = new ProcessMonitor(bases, catalogue.admin.token);
    monitor.start();
    console.log(`Soaking for ${MINUTES} min at ${RATE} req/s${FAULT_EVERY_MS ? `, faults every ${FAULT_EVERY_MS / 60_000} min` : ''}…`);
    const started = performance.now();
    soakStarted.at = started;
    const overloaded = await soak(catalogue, watch, database?.url);
    monitor.stop();
    const seconds = (performance.now() - started) / 1000;
    watch.stop();

    const scripts = await staffScripts(catalogue);
    const images = await lostImages(catalogue, scripts);
    const writes = lostWrites(catalogue, scripts);
    report(seconds, watch);
    console.log(`\nImages: ${images.checked} files referenced by saved scripts, ${images.lost.length} not served`);
    console.log(`Acknowledged writes: ${catalogue.acknowledged.size - catalogue.uncertain.size} scripts checked (${catalogue.uncertain.size} left out: an edit or delete of theirs got no answer), ${writes.length} lost`);
    for (const line of [...images.lost.slice(0, 10), ...writes.slice(0, 10), ...failures]) console.log(`  ${line}`);
    if (overloaded > 0) console.log(`The load client skipped ${overloaded} requests (over ${MAX_IN_FLIGHT} in flight)`);
    for (const server of servers) await server.stop();
    const failedOutside = faultLog ? faultLog.outside : serverErrors;
    if (poisoned > 0) console.log(`${poisoned} plain answers named the attackers' X-Forwarded-Host`);
    const ok = failedOutside === 0 && poisoned === 0 && images.lost.length === 0 && writes.length === 0 && watch.unexpectedDeaths.length === 0 && inFlight === 0 && overloaded === 0;
    console.log(ok ? '\nSoak passed: no 5xx outside fault windows, no poisoned page, every request answered, no image or acknowledged write lost, no worker killed by an attack, clean shutdown.' : '\nSoak FAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const server of servers) if (server.proc.exitCode === null) await server.stop().catch(() => undefined);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`\nsoak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
