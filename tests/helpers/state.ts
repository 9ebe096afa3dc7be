import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestContext } from './app.ts';

/** Tables a bad request must leave alone, each with a column list that orders its rows stably. */
const TABLES = {
  scripts: 'id',
  script_channels: 'id',
  moderators: 'id',
  site_channels: 'id',
  admins: 'id',
  sessions: 'id',
  login_failures: 'throttle_key, failed_at',
  games: 'id',
} as const;
type Table = keyof typeof TABLES;

export interface StateSnapshot {
  rows: Record<Table, unknown[]>;
  /** The uploads folder: every file name with its size. */
  uploads: string[];
}

/** Timestamps come back as Date (PostgreSQL) or text (SQLite); compare their ISO form. */
function normalise(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

export function uploadsListing(ctx: TestContext): string[] {
  const dir = ctx.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => `${name} ${fs.statSync(path.join(dir, name)).size}`);
}

/** The database rows and the uploads folder, to compare before and after a request. */
export async function snapshotState(ctx: TestContext): Promise<StateSnapshot> {
  const rows = {} as StateSnapshot['rows'];
  for (const [table, order] of Object.entries(TABLES) as [Table, string][]) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(ctx.db.kysely);
    rows[table] = result.rows.map(normalise);
  }
  return { rows, uploads: uploadsListing(ctx) };
}
