import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import sharp from 'sharp';
import { buildApp } from '../../server/app.ts';
import { REDACTED_PATHS } from '../../server/logging.ts';
import { loadConfig } from '../../server/shared/config.ts';
import type { TestContext } from './app.ts';
import type { TestDialect } from './databases.ts';
import { migratedDatabase } from './migrated-database.ts';

// Helpers for the staff API tests: image fixtures, script forms, table snapshots, expiring tokens,
// and an app that records every answer (and, optionally, its log) for credential scans.

let imageSequence = 0;

/**
 * A PNG of an 8×8 black-and-white checker pattern whose cells spell 64 bits of a hash: different on
 * every call (so its content-hash key is new; the pipeline's lossy WebP would merge near-identical
 * flat colours), the same bytes for the same `seed`.
 */
export function pngImage(seed?: string | number, size = 64): Promise<Buffer> {
  const bits = createHash('sha256')
    .update(seed === undefined ? `${process.pid}:${(imageSequence += 1)}:${Math.random()}` : `seed:${seed}`)
    .digest();
  const cell = Math.max(1, Math.floor(size / 8));
  const width = cell * 8;
  const pixels = Buffer.alloc(width * width * 3);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = Math.floor(y / cell) * 8 + Math.floor(x / cell);
      const on = ((bits[index >> 3] ?? 0) >> (index & 7)) & 1;
      pixels.fill(on ? 255 : 0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height: width, channels: 3 } }).png().toBuffer();
}

export interface ScriptFormInput {
  playsname?: string;
  description?: string;
  loadstring?: string;
  /** Each entry becomes one repeated `channels[]` part (an entry may itself hold commas). */
  channels?: string[];
  image?: Buffer;
  imageType?: string;
  filename?: string;
}

/** The multipart script form (docs/product.md#script-form), as a browser's FormData sends it. */
export function scriptForm(input: ScriptFormInput): FormData {
  const form = new FormData();
  for (const field of ['playsname', 'description', 'loadstring'] as const) {
    const value = input[field];
    if (value !== undefined) form.append(field, value);
  }
  for (const channel of input.channels ?? []) form.append('channels[]', channel);
  if (input.image) {
    form.append('image', new Blob([new Uint8Array(input.image)], { type: input.imageType ?? 'image/png' }), input.filename ?? 'picture.png');
  }
  return form;
}

/** The content-hash key of an `image` path such as /uploads/<key>.webp. */
export function imageKeyOf(imagePath: string | null): string {
  const match = /^\/uploads\/([a-f0-9]+)\.webp$/.exec(imagePath ?? '');
  if (!match?.[1]) throw new Error(`not an image path: ${imagePath}`);
  return match[1];
}

/** The two files (detail and card rendition) stored for an image key. */
export function imageFiles(ctx: Pick<TestContext, 'config'>, key: string): string[] {
  return [path.join(ctx.config.uploadsDir, `${key}.webp`), path.join(ctx.config.uploadsDir, `${key}-card.webp`)];
}

export function uploadsListing(ctx: Pick<TestContext, 'config'>): string[] {
  if (!fs.existsSync(ctx.config.uploadsDir)) return [];
  return fs.readdirSync(ctx.config.uploadsDir).sort();
}

export const SNAPSHOT_PARTS = ['scripts', 'script_channels', 'moderators', 'admins', 'sessions', 'site_channels', 'login_failures', 'games', 'blocked_domains', 'audit_log', 'reports', 'executors', 'script_executors', 'script_types', 'script_type_links', 'uploads'] as const;
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number];
export type Snapshot = Record<SnapshotPart, unknown[]>;

/** Every row of the staff-relevant tables and the uploads folder listing, in a stable order. */
export async function snapshot(ctx: Pick<TestContext, 'db' | 'config'>): Promise<Snapshot> {
  const k = ctx.db.kysely;
  const [scripts, scriptChannels, moderators, admins, sessions, siteChannels, loginFailures, games, blockedDomains, auditLog, reports, executors, scriptExecutors, scriptTypes, scriptTypeLinks] = await Promise.all([
    k.selectFrom('scripts').selectAll().orderBy('id').execute(),
    k.selectFrom('script_channels').selectAll().orderBy('id').execute(),
    k.selectFrom('moderators').selectAll().orderBy('id').execute(),
    k.selectFrom('admins').selectAll().orderBy('id').execute(),
    k.selectFrom('sessions').selectAll().orderBy('id').execute(),
    k.selectFrom('site_channels').selectAll().orderBy('id').execute(),
    k.selectFrom('login_failures').selectAll().orderBy('throttle_key').orderBy('failed_at').execute(),
    k.selectFrom('games').selectAll().orderBy('id').execute(),
    k.selectFrom('blocked_domains').selectAll().orderBy('id').execute(),
    k.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    k.selectFrom('reports').selectAll().orderBy('id').execute(),
    k.selectFrom('executors').selectAll().orderBy('id').execute(),
    k.selectFrom('script_executors').selectAll().orderBy('script_id').orderBy('executor_id').execute(),
    k.selectFrom('script_types').selectAll().orderBy('id').execute(),
    k.selectFrom('script_type_links').selectAll().orderBy('script_id').orderBy('type_id').execute(),
  ]);
  return {
    scripts,
    script_channels: scriptChannels,
    moderators,
    admins,
    sessions,
    site_channels: siteChannels,
    login_failures: loginFailures,
    games,
    blocked_domains: blockedDomains,
    audit_log: auditLog,
    uploads: uploadsListing(ctx),
    reports,
    executors,
    script_executors: scriptExecutors,
    script_types: scriptTypes,
    script_type_links: scriptTypeLinks,
  };
}

/** Moves a session's expiry into the past, straight in the database. */
export async function expireSession(ctx: Pick<TestContext, 'db'>, tokenHash: string): Promise<void> {
  const result = await ctx.db.kysely
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error('no session to expire');
}

export interface RecordingContext extends TestContext {
  /** Every answer's headers and body, in order. */
  answers: string[];
}

/**
 * Like createTestContext, but every answer (headers and body) is recorded, and the app logs at
 * `trace` to `logStream` when given, with the redaction buildApp applies by default. `clock` is the
 * sessions' and login throttle's clock (epoch milliseconds).
 */
export async function createRecordingContext(dialect: TestDialect, options: { logStream?: Writable; clock?: () => number } = {}): Promise<RecordingContext> {
  const throwaway = await migratedDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env });
  const db = await throwaway.open(config.database);
  const logger = options.logStream
    ? { level: 'trace', stream: options.logStream, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }
    : false;
  const app = await buildApp({ config, db, web: { kind: 'none' }, logger, clock: options.clock });
  const answers: string[] = [];
  app.addHook('onSend', async (_request, reply, payload) => {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    answers.push(`${JSON.stringify(reply.getHeaders())}\n${body}`);
    return payload;
  });
  await app.ready();
  return {
    app,
    services: app.services,
    config,
    db,
    answers,
    close: async () => {
      await app.close();
      await db.close();
      await throwaway.drop();
    },
  };
}
