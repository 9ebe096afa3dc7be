import { createInterface } from 'node:readline/promises';
import type { ZodType } from 'zod';
import { PASSWORD_MIN, passwordSchema, usernameSchema } from '../contract/index.ts';
import { loadConfig } from '../server/shared/config.ts';
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
    return await prompt.question(`New password (at least ${PASSWORD_MIN} characters): `);
  } finally {
    prompt.close();
  }
}

/** The value as the contract's rule leaves it, or the rule's first message. */
function checked(rule: ZodType<string>, value: string): string {
  const result = rule.safeParse(value);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
  return result.data;
}

async function main(args: string[]) {
  const [given, ...rest] = args;
  if (!given || rest.length > 0 || given.startsWith('-')) throw new Error(USAGE);
  const username = checked(usernameSchema('The username'), given);
  const password = checked(passwordSchema('The password'), await readPassword());

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
