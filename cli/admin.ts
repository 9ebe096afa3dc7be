import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../server/config.ts';
import { type Db, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { hashPassword } from '../server/staff/passwords.ts';
import { StaffRepository } from '../server/staff/repository.ts';

/**
 * `npm run admin -- <username>`: creates that admin or resets its password (ending its sessions).
 * The password comes from ADMIN_PASSWORD or is asked for on the terminal, never from the command line.
 */
const USAGE = 'Usage: npm run admin -- <username>   (password from ADMIN_PASSWORD or typed at the prompt)';

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error(`ADMIN_PASSWORD is not set and there is no terminal to ask.\n${USAGE}`);
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await prompt.question('New password (at least 8 characters): ');
  } finally {
    prompt.close();
  }
}

async function main(args: string[]) {
  const [username, ...rest] = args;
  if (!username || rest.length > 0 || username.startsWith('-')) throw new Error(USAGE);
  if (!/^[A-Za-z0-9_.-]{3,32}$/.test(username)) throw new Error('The username must be 3–32 letters, digits, _, . or -');
  const password = await readPassword();
  if (password.length < 8) throw new Error('The password must be at least 8 characters');

  const { ADMIN_PASSWORD: _ignored, ADMIN_USERNAME: _alsoIgnored, ...env } = process.env;
  const config = loadConfig(env);
  let db: Db | undefined;
  try {
    db = openDatabase(config.database);
    await migrateToLatest(db);
    const { created } = await new StaffRepository(db).upsertAdmin(username, await hashPassword(password));
    console.log(created ? `Admin "${username}" created.` : `Admin "${username}": password reset and sessions ended.`);
  } finally {
    await db?.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
