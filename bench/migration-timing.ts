// How long the loader versions' migration takes on a large catalogue (docs/decisions/0044-loader-versions.md).
// Usage: npx tsx bench/migration-timing.ts sqlite <copy of catalogue.db>  |  postgres <url of a copied database>
// Run it on a copy: it migrates the database it is given.
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const [kind, target] = process.argv.slice(2);
if ((kind !== 'sqlite' && kind !== 'postgres') || !target) throw new Error('usage: migration-timing.ts sqlite <file> | postgres <url>');
const db = openDatabase(kind === 'sqlite' ? { kind, file: target } : { kind, url: target });
const started = performance.now();
const applied = await migrateToLatest(db);
const seconds = (performance.now() - started) / 1000;
const versions = await db.kysely.selectFrom('script_versions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
console.log(JSON.stringify({ kind, applied, seconds: Number(seconds.toFixed(1)), versions: Number(versions.n) }));
await db.close();
