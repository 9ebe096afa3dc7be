import pg from 'pg';

/**
 * Vacuums a benchmark catalogue on PostgreSQL that was never vacuumed, as autovacuum does on a
 * production server after a bulk load. Without it a freshly generated catalogue has no visibility map
 * (no index-only scans) and unset hint bits, and a server run with autovacuum off (this machine's is)
 * keeps it so: the figures would measure the load, not the product. Prints what it did and how long.
 */
export async function vacuumIfNeverVacuumed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ vacuumed: boolean }>(
      "SELECT (last_vacuum IS NOT NULL OR last_autovacuum IS NOT NULL) AS vacuumed FROM pg_stat_user_tables WHERE relname = 'scripts'",
    );
    if (rows[0]?.vacuumed) return;
    process.stdout.write('  vacuuming the catalogue (never vacuumed since it was generated)…');
    const started = performance.now();
    await client.query('VACUUM (ANALYZE)');
    process.stdout.write(` ${Math.round((performance.now() - started) / 1000)} s\n`);
  } finally {
    await client.end();
  }
}
