import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { bootstrapAdmin } from '../../server/staff/admin-bootstrap.ts';
import { StaffRepository } from '../../server/staff/repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { createAdmin, nextAddress } from '../helpers/auth.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { entryEnv, freePort, spawnEntry, waitForHealthy } from '../helpers/processes.ts';
import { until } from '../helpers/wait.ts';

// docs/product.md#admin-accounts: ADMIN_USERNAME/ADMIN_PASSWORD create or reset the admin at start; with neither set and
// no admin, `admin` gets a random password printed once; `npm run admin` creates or resets one too.

/** POST /api/al through inject, each from a fresh address so the login throttle never interferes. */
async function adminLogin(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/al', payload: { username, password }, remoteAddress: nextAddress() });
}

/** An admin-only call: 200 while the token lives, 401 once it is revoked. */
async function adminCallStatus(app: FastifyInstance, token: string) {
  return (await app.inject({ method: 'GET', url: '/api/scripts', headers: { authorization: `Bearer ${token}` } })).statusCode;
}

async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await adminLogin(app, username, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

describe.each(dialects)('bootstrapAdmin on %s', (dialect) => {
  let ctx: TestContext;

  beforeEach(async () => {
    ctx = await createTestContext(dialect);
  });
  afterEach(async () => ctx?.close());

  const adminRows = () => ctx.db.kysely.selectFrom('admins').selectAll().orderBy('id').execute();

  it('with ADMIN_USERNAME/ADMIN_PASSWORD creates that admin, who can log in', async () => {
    expect(await adminRows()).toEqual([]);
    const result = await bootstrapAdmin(ctx.services.staff, { username: 'chief', password: 'chief-password-1' });
    expect(result).toEqual({ kind: 'configured', username: 'chief', created: true });
    const rows = await adminRows();
    expect(rows.map((row) => row.username)).toEqual(['chief']);
    expect(rows[0]?.password_hash).not.toContain('chief-password-1');

    const token = await loginToken(ctx.app, 'chief', 'chief-password-1');
    expect(await adminCallStatus(ctx.app, token)).toBe(200);
    expect((await adminLogin(ctx.app, 'chief', 'some-other-password')).statusCode).toBe(401);
  });

  it('a second start with the same values changes nothing and keeps sessions', async () => {
    const admin = { username: 'chief', password: 'chief-password-1' };
    await bootstrapAdmin(ctx.services.staff, admin);
    const token = await loginToken(ctx.app, admin.username, admin.password);
    const rowsBefore = await adminRows();
    const sessionsBefore = await ctx.db.kysely.selectFrom('sessions').select('token_hash').execute();

    expect(await bootstrapAdmin(ctx.services.staff, admin)).toEqual({ kind: 'unchanged' });
    // The same name in another case is the same account.
    expect(await bootstrapAdmin(ctx.services.staff, { ...admin, username: 'CHIEF' })).toEqual({ kind: 'unchanged' });

    expect(await adminRows()).toEqual(rowsBefore);
    expect(await ctx.db.kysely.selectFrom('sessions').select('token_hash').execute()).toEqual(sessionsBefore);
    expect(await adminCallStatus(ctx.app, token)).toBe(200);
  });

  it('a changed password resets it: old sessions get 401, the old password fails, the new one works', async () => {
    await bootstrapAdmin(ctx.services.staff, { username: 'chief', password: 'chief-password-1' });
    const oldToken = await loginToken(ctx.app, 'chief', 'chief-password-1');
    const [before] = await adminRows();

    const result = await bootstrapAdmin(ctx.services.staff, { username: 'chief', password: 'chief-password-2' });
    expect(result).toEqual({ kind: 'configured', username: 'chief', created: false });

    const after = await adminRows();
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(before?.id);
    expect(after[0]?.password_hash).not.toBe(before?.password_hash);
    expect(await adminCallStatus(ctx.app, oldToken)).toBe(401);
    expect((await adminLogin(ctx.app, 'chief', 'chief-password-1')).statusCode).toBe(401);
    const newToken = await loginToken(ctx.app, 'chief', 'chief-password-2');
    expect(await adminCallStatus(ctx.app, newToken)).toBe(200);
  });

  it('with neither set and no admin, creates `admin` with a random password of at least 12 characters that logs in', async () => {
    const result = await bootstrapAdmin(ctx.services.staff, { username: undefined, password: undefined });
    if (result.kind !== 'generated') throw new Error(`expected a generated admin, got ${JSON.stringify(result)}`);
    expect(result.username).toBe('admin');
    expect(result.password.length).toBeGreaterThanOrEqual(12);
    expect((await adminRows()).map((row) => row.username)).toEqual(['admin']);

    const token = await loginToken(ctx.app, 'admin', result.password);
    expect(await adminCallStatus(ctx.app, token)).toBe(200);

    // Once an admin exists, later starts leave it (and its password) alone.
    expect(await bootstrapAdmin(ctx.services.staff, { username: undefined, password: undefined })).toEqual({ kind: 'unchanged' });
    expect(await adminCallStatus(ctx.app, token)).toBe(200);
    expect((await adminLogin(ctx.app, 'admin', result.password)).statusCode).toBe(200);
  });

  it('generates a different password for each new database', async () => {
    const other = await createTestContext(dialect);
    try {
      const first = await bootstrapAdmin(ctx.services.staff, { username: undefined, password: undefined });
      const second = await bootstrapAdmin(other.services.staff, { username: undefined, password: undefined });
      expect(first.kind === 'generated' && second.kind === 'generated').toBe(true);
      if (first.kind === 'generated' && second.kind === 'generated') expect(first.password).not.toBe(second.password);
    } finally {
      await other.close();
    }
  });

  // Instances starting together on one database (README, "Running several instances"). SQLite's
  // writers take its one write lock in turn; two connections in one thread would only wait on each
  // other's synchronous busy loop, so this is PostgreSQL's case.
  if (dialect === 'postgres') {
    it('instances starting together: exactly one generates the admin, and a configured admin is created once', async () => {
      const other = openDatabase(ctx.config.database);
      try {
        const repositories = [ctx.services.staff, new StaffRepository(other), new StaffRepository(other)];
        const results = await Promise.all(repositories.map((repository) => bootstrapAdmin(repository, { username: undefined, password: undefined })));
        const generated = results.filter((result) => result.kind === 'generated');
        expect(generated).toHaveLength(1);
        expect(results.filter((result) => result.kind === 'unchanged')).toHaveLength(2);
        expect((await adminRows()).map((row) => row.username)).toEqual(['admin']);
        const [winner] = generated;
        if (winner?.kind === 'generated') expect((await adminLogin(ctx.app, 'admin', winner.password)).statusCode).toBe(200);

        const configured = { username: 'together', password: 'together-password-1' };
        await Promise.all(repositories.map((repository) => bootstrapAdmin(repository, configured)));
        expect((await adminRows()).map((row) => row.username).sort()).toEqual(['admin', 'together']);
        expect((await adminLogin(ctx.app, configured.username, configured.password)).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  }

  it('with an admin present and nothing set, leaves everything unchanged', async () => {
    const owner = await createAdmin(ctx, 'owner', 'owner-password-1');
    const rowsBefore = await adminRows();

    expect(await bootstrapAdmin(ctx.services.staff, { username: undefined, password: undefined })).toEqual({ kind: 'unchanged' });

    expect(await adminRows()).toEqual(rowsBefore);
    expect(await ctx.services.staff.findAdminByName('admin')).toBeUndefined();
    expect(await adminCallStatus(ctx.app, owner.token)).toBe(200);
  });
});

/** Builds an API-only app on an existing throwaway database (which a child process has written). */
async function appOn(throwaway: ThrowawayDatabase): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, web: { kind: 'none' }, logger: false });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

const GENERATED_LINE = /Admin account created: username "admin", password "([^"]+)"/g;

describe.each(dialects)('the real server on %s', (dialect) => {
  it(
    'prints a generated admin password once, which logs in over HTTP, and exits 0 on SIGTERM',
    async () => {
      const throwaway = await throwawayDatabase(dialect);
      try {
        const port = await freePort();
        const env = { ...throwaway.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOGUE: 'off' };
        const base = `http://127.0.0.1:${port}`;
        const login = (password: string) =>
          fetch(`${base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });

        const first = spawnEntry(env);
        await waitForHealthy(first, `${base}/api/health`);
        // Printed in the banner once the server listens.
        await until('the banner', () => first.output().stdout, (stdout) => stdout.includes('is ready: open'));
        const printed = [...first.output().stdout.matchAll(GENERATED_LINE)];
        expect(printed, first.output().stdout).toHaveLength(1);
        const password = printed[0]?.[1] as string;
        expect(password.length).toBeGreaterThanOrEqual(12);

        const answer = await login(password);
        expect(answer.status).toBe(200);
        const { token } = (await answer.json()) as { token: string };
        const scripts = await fetch(`${base}/api/scripts`, { headers: { authorization: `Bearer ${token}` } });
        expect(scripts.status).toBe(200);
        expect((await login('not-the-password')).status).toBe(401);

        first.child.kill('SIGTERM');
        const exit = await first.exited;
        expect(exit.code, exit.stderr).toBe(0);
        // Printed once in all: no log line (of the login, say) repeats it, and nothing went to stderr.
        expect(exit.stdout.split(password).length - 1).toBe(1);
        expect(exit.stderr).not.toContain(password);

        // A restart on the same data finds the admin: nothing is printed, the password still works.
        const second = spawnEntry(env);
        await waitForHealthy(second, `${base}/api/health`);
        expect((await login(password)).status).toBe(200);
        second.child.kill('SIGTERM');
        const secondExit = await second.exited;
        expect(secondExit.code, secondExit.stderr).toBe(0);
        expect(secondExit.stdout).not.toMatch(GENERATED_LINE);
        expect(secondExit.stdout).not.toContain(password);
      } finally {
        await throwaway.drop();
      }
    },
    120_000,
  );
});

interface CliExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx cli/admin.ts ...args` with a clean environment and no terminal. */
function runAdminCli(args: string[], env: Record<string, string>): Promise<CliExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('cli', 'admin.ts'), ...args], {
      cwd: process.cwd(),
      env: entryEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(dialects)('the admin CLI on %s', (dialect) => {
  let throwaway: ThrowawayDatabase;

  beforeEach(async () => {
    throwaway = await throwawayDatabase(dialect);
  });
  afterEach(async () => throwaway?.drop());

  it('creates an admin from ADMIN_PASSWORD (exit 0), then resets its password and ends its sessions', async () => {
    const created = await runAdminCli(['someadmin'], { ...throwaway.env, ADMIN_PASSWORD: 'cli-password-1' });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Admin "someadmin" created.');
    expect(created.stdout + created.stderr).not.toContain('cli-password-1');

    let running = await appOn(throwaway);
    let oldToken: string;
    try {
      oldToken = await loginToken(running.app, 'someadmin', 'cli-password-1');
      expect(await adminCallStatus(running.app, oldToken)).toBe(200);
    } finally {
      await running.close();
    }

    const reset = await runAdminCli(['someadmin'], { ...throwaway.env, ADMIN_PASSWORD: 'cli-password-2' });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('password reset');

    running = await appOn(throwaway);
    try {
      expect(await adminCallStatus(running.app, oldToken)).toBe(401);
      expect((await adminLogin(running.app, 'someadmin', 'cli-password-1')).statusCode).toBe(401);
      const token = await loginToken(running.app, 'someadmin', 'cli-password-2');
      expect(await adminCallStatus(running.app, token)).toBe(200);
      expect(await new StaffRepository(running.db).countAdmins()).toBe(1);
    } finally {
      await running.close();
    }
  }, 90_000);

  it.each([
    ['a bad username', ['no spaces!'], { ADMIN_PASSWORD: 'cli-password-1' }, /username must be 3–32/i],
    ['a too-short username', ['ab'], { ADMIN_PASSWORD: 'cli-password-1' }, /username must be 3–32/i],
    ['no username', [], { ADMIN_PASSWORD: 'cli-password-1' }, /Usage: npm run admin/],
    ['two usernames', ['one_admin', 'two_admin'], { ADMIN_PASSWORD: 'cli-password-1' }, /Usage: npm run admin/],
    ['a short password', ['someadmin'], { ADMIN_PASSWORD: 'short' }, /at least 8 characters/],
    ['no password and no terminal', ['someadmin'], {}, /ADMIN_PASSWORD is not set/],
  ])('refuses %s: exit 1 with a message, and no admin created', async (_label, args, extraEnv, message) => {
    const result = await runAdminCli(args, { ...throwaway.env, ...extraEnv });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at\s/m);

    const db = openDatabase(throwaway.database);
    try {
      await migrateToLatest(db);
      expect(await new StaffRepository(db).countAdmins()).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);
});
