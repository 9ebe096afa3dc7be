import type { Kysely } from 'kysely';
import { primaryId, timestampType } from './dialect.ts';

/**
 * The loader analysis stored with each script (docs/decisions/0018-loader-analysis.md#stored-loader-analysis) and the
 * admin's list of blocked and trusted domains (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains).
 *
 * `scripts.analysis` is JSON `{ domains, findings }` (finding codes) computed without the trusted
 * list; null until the script is analysed (rows older than this migration: the server's backfill
 * and `npm run analyse` fill them). `analysis_severity` is its worst severity, or null when it found
 * nothing, read by the lists for the card's mark.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scripts').addColumn('analysis', 'text').execute();
  await db.schema.alterTable('scripts').addColumn('analysis_severity', 'text').execute();
  await db.schema
    .createTable('blocked_domains')
    .addColumn('id', 'integer', primaryId(db))
    // Lower case, without `www.` or a final dot: one row per domain, blocked or trusted.
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blocked_domains').execute();
  await db.schema.alterTable('scripts').dropColumn('analysis_severity').execute();
  await db.schema.alterTable('scripts').dropColumn('analysis').execute();
}
