import { type Kysely, sql } from 'kysely';

/**
 * The version of the loader analysis the stored analyses were last brought up to
 * (docs/decisions/0018-loader-analysis.md#stored-loader-analysis): a `catalogue_counts` row, 0 until a server or
 * `npm run analyse` has passed over every script. A start compares it with the code's version and
 * re-analyses only when the analysis changed, instead of scanning the table at every start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO catalogue_counts (name, value) VALUES ('analysis_version', 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM catalogue_counts WHERE name = 'analysis_version'`.execute(db);
}
