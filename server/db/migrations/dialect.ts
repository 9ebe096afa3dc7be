import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-incrementing primary key that never reuses a deleted id on either database. */
export function primaryId(db: Kysely<unknown>) {
  return (column: ColumnDefinitionBuilder) =>
    isPostgres(db) ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? ('timestamptz' as const) : ('text' as const);
}
