import { type Kysely, sql } from 'kysely';

/**
 * The /56 and /48 a vote or a report came from, hashed as visitors are (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md):
 * the per-visitor limits hold per wider group too.
 * Null for IPv4 visitors and for rows written before: they count in no wider group.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['script_votes', 'reports']) {
    await db.schema.alterTable(table).addColumn('network56', 'text').execute();
    await db.schema.alterTable(table).addColumn('network48', 'text').execute();
  }
  await sql`CREATE INDEX script_votes_network56 ON script_votes (script_id, network56) WHERE network56 IS NOT NULL`.execute(db);
  await sql`CREATE INDEX script_votes_network48 ON script_votes (script_id, network48) WHERE network48 IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reports_network56 ON reports (network56, created_at) WHERE network56 IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reports_network48 ON reports (network48, created_at) WHERE network48 IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['script_votes_network56', 'script_votes_network48', 'reports_network56', 'reports_network48']) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  for (const table of ['script_votes', 'reports']) {
    await db.schema.alterTable(table).dropColumn('network56').execute();
    await db.schema.alterTable(table).dropColumn('network48').execute();
  }
}
