import { inject } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Config } from '../../server/shared/config.ts';
import { type TestDialect, type ThrowawayDatabase, throwawayDatabase } from './databases.ts';

export interface MigratedDatabase extends ThrowawayDatabase {
  /** Opens it at `database` (its own address, or another way to it such as a relay), at the latest migration. */
  open(database: Config['database']): Promise<Db>;
}

/**
 * A throwaway database at the latest migration: a copy of the run's template
 * (tests/helpers/database-templates.ts), or, under a configuration without that global setup (the
 * e2e suite's), a fresh database that open() migrates.
 */
export async function migratedDatabase(dialect: TestDialect): Promise<MigratedDatabase> {
  const template = dialect === 'sqlite' ? inject('sqliteTemplate') : inject('postgresTemplate');
  const throwaway = await throwawayDatabase(dialect, template);
  return {
    ...throwaway,
    open: async (database) => {
      const db = openDatabase(database);
      if (!template) await migrateToLatest(db);
      return db;
    },
  };
}
