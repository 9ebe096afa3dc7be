import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { throwawayPostgres } from './databases.ts';

// The API suite's global setup (vitest.config.ts): the migrations run once per run, into one template
// database per dialect, and every test that needs a migrated database gets a copy of it
// (tests/helpers/databases.ts, migratedDatabase). Running the 19 migrations for each of the suite's
// hundreds of fresh databases was time spent proving the same thing again; tests/api/migrations.test.ts
// still runs them on fresh databases, one by one and back down
// (docs/decisions/0060-unit-tests.md).

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy. */
    sqliteTemplate?: string;
    /** A migrated PostgreSQL database to create databases from (`CREATE DATABASE … TEMPLATE`), when TEST_DATABASE_URL is set. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-template-'));
  const file = path.join(dir, 'catalogue.db');
  const sqlite = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(sqlite);
  // Closing the last connection checkpoints the write-ahead log into the file, so the file alone is the database.
  await sqlite.close();
  project.provide('sqliteTemplate', file);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await throwawayPostgres(serverUrl, 'catalogue_template') : undefined;
  if (postgres) {
    const db = openDatabase({ kind: 'postgres', url: postgres.url });
    await migrateToLatest(db);
    // A template must have no connection open while a database is created from it.
    await db.close();
    project.provide('postgresTemplate', postgres.name);
  }

  return async () => {
    await postgres?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
