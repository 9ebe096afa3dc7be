import type { Kysely } from 'kysely';

/**
 * Runs of scripts (issue 38 item 4, docs/decisions/0062-integrator-api.md): `script_runs_daily` counts
 * fetches of `/raw/{id}` per script and UTC day (days since 1970-01-01), 90 days kept, read for
 * `runs30d`; `script_run_marks` remembers which address group (hashed) ran which script on which day,
 * so a run counts once per address a day however many processes and instances see it: the flush
 * inserts a mark or finds it there (the primary key decides), and only a new mark adds a run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('script_runs_daily')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_runs_daily_pk', ['script_id', 'day'])
    .execute();
  await db.schema.createIndex('script_runs_daily_day_idx').on('script_runs_daily').columns(['day', 'script_id']).execute();
  await db.schema
    .createTable('script_run_marks')
    .addColumn('day', 'integer', (c) => c.notNull())
    // No foreign key: buffered marks may name a script deleted since; they age out in two days.
    .addColumn('script_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_run_marks_pk', ['day', 'script_id', 'visitor_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('script_run_marks').ifExists().execute();
  await db.schema.dropTable('script_runs_daily').ifExists().execute();
}
