import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../server/shared/config.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const dialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface ThrowawayDatabase {
  dataDir: string;
  database: Config['database'];
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh data folder and, for PostgreSQL, a fresh database of its own, so runs never collide: empty,
 * or a copy of `template` (a SQLite file, or a PostgreSQL database's name) when given.
 */
export async function throwawayDatabase(dialect: TestDialect, template?: string): Promise<ThrowawayDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-test-'));
  if (dialect === 'sqlite') {
    if (template) fs.copyFileSync(template, path.join(dataDir, 'catalogue.db'));
    return {
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'catalogue.db') },
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const postgres = await throwawayPostgres(serverUrl, 'catalogue_test', template);
  return {
    dataDir,
    database: { kind: 'postgres', url: postgres.url },
    env: { DATA_DIR: dataDir, DATABASE_URL: postgres.url },
    drop: async () => {
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own on the PostgreSQL server at `serverUrl`, empty or created from the database
 * `template`; drop() removes it, connections and all.
 */
export async function throwawayPostgres(serverUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
