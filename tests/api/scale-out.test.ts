import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type Instance, startInstance } from '../helpers/processes.ts';
import { pngImage, scriptForm } from '../helpers/staff.ts';

// Two real server processes on one database (issue 11): a PostgreSQL database shared by two
// instances, or one SQLite file shared by two processes of one machine. Every kind of catalogue
// write made through A is seen through B within a second, including B's cached JSON and pages.
// Needs build/ (the rendered pages).

const ADMIN = { username: 'scaleadmin', password: 'scale-out-password-1' };
const FRESH_WITHIN_MS = 1_000;

async function stop(instance: Instance | undefined) {
  if (!instance) return;
  instance.running.child.kill('SIGTERM');
  await instance.running.exited;
}

/** Asks `read` until `fresh` holds; answers how long that took, or fails after the window. */
async function freshWithin<T>(read: () => Promise<T>, fresh: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  let last: T | undefined;
  while (performance.now() - started < FRESH_WITHIN_MS) {
    last = await read();
    if (fresh(last)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still stale after ${FRESH_WITHIN_MS} ms: ${JSON.stringify(last)}`);
}

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

describe.each(dialects)('two instances on one %s database', (dialect) => {
  let throwaway: ThrowawayDatabase;
  let a: Instance;
  let b: Instance;
  let adminToken: string;

  const call = (instance: Instance, method: string, path: string, token?: string, body?: FormData | object) =>
    fetch(`${instance.base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
  const detail = async (instance: Instance, id: number) => json(await call(instance, 'GET', `/api/scripts/${id}`));
  const firstPage = async (instance: Instance) => (await json(await call(instance, 'GET', '/api/scripts/paginated?limit=16&offset=0'))).body as { scripts: { id: number }[]; total: number };
  const page = async (instance: Instance, id: number) => (await call(instance, 'GET', `/scripts/${id}`)).text();
  const createThroughA = async (fields: Record<string, unknown> = {}) => {
    const response = await call(a, 'POST', '/api/ac', adminToken, scriptForm({ playsname: 'Made on A', description: 'First text', loadstring: 'print(1)', ...fields }));
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; image: string | null; imageCard: string | null };
  };

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    // One after the other: the first migrates and creates the admin, the second finds both done.
    a = await startInstance({ ...throwaway.env, IMAGE_STORAGE: 'database', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    b = await startInstance({ ...throwaway.env, IMAGE_STORAGE: 'database', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    const login = await json(await call(a, 'POST', '/api/al', undefined, ADMIN));
    adminToken = login.body.token as string;
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await throwaway?.drop();
  });

  it('a script created through A is listed by B, whose first page was cached', async () => {
    const before = await firstPage(b);
    const created = await createThroughA({ playsname: 'Listed across instances' });
    await freshWithin(() => firstPage(b), (now) => now.scripts[0]?.id === created.id && now.total === before.total + 1);
  });

  it('an edit through A reaches B’s cached answer and rendered page, channels included', async () => {
    const created = await createThroughA({ playsname: 'Before the edit', channels: ['@before_edit'] });
    // B caches the answer, the channels and the page.
    expect((await detail(b, created.id)).body.playsname).toBe('Before the edit');
    expect(await page(b, created.id)).toContain('Before the edit');
    const channelsOnB = async () => (await json(await call(b, 'GET', `/api/scripts/${created.id}/channels`))).body as unknown as { name: string }[];
    expect((await channelsOnB()).map((channel) => channel.name)).toEqual(['before_edit']);

    const edit = await call(a, 'PATCH', `/api/update-script/${created.id}`, adminToken, scriptForm({ playsname: 'After the edit', channels: ['@after_edit'] }));
    expect(edit.status).toBe(200);
    await freshWithin(() => detail(b, created.id), (answer) => answer.body.playsname === 'After the edit');
    await freshWithin(() => page(b, created.id), (html) => html.includes('After the edit') && !html.includes('Before the edit'));
    await freshWithin(channelsOnB, (channels) => channels.map((channel) => channel.name).join() === 'after_edit');
  });

  it('a script deleted through A is gone from B (answer, page and list)', async () => {
    const created = await createThroughA({ playsname: 'Doomed across instances' });
    expect((await detail(b, created.id)).status).toBe(200);
    expect(await page(b, created.id)).toContain('Doomed across instances');
    expect((await call(a, 'DELETE', `/api/ad/${created.id}`, adminToken)).status).toBe(200);
    await freshWithin(() => detail(b, created.id), (answer) => answer.status === 404);
    await freshWithin(async () => (await call(b, 'GET', `/scripts/${created.id}`)).status, (status) => status === 404);
    expect((await firstPage(b)).scripts.map((script) => script.id)).not.toContain(created.id);
  });

  it('a script hidden through A leaves B’s kept page and answer, and comes back when shown again', async () => {
    const created = await createThroughA({ playsname: 'Hidden across instances' });
    expect(await page(b, created.id)).toContain('Hidden across instances');
    expect((await detail(b, created.id)).status).toBe(200);
    expect((await call(a, 'POST', `/api/scripts/${created.id}/visibility`, adminToken, { hidden: true })).status).toBe(200);
    await freshWithin(async () => (await call(b, 'GET', `/scripts/${created.id}`)).status, (status) => status === 404);
    await freshWithin(() => detail(b, created.id), (answer) => answer.status === 404);
    expect((await call(a, 'POST', `/api/scripts/${created.id}/visibility`, adminToken, { hidden: false })).status).toBe(200);
    await freshWithin(() => page(b, created.id), (html) => html.includes('Hidden across instances'));
  });

  it('site channels added and removed through A are B’s /subscribe list', async () => {
    const listOnB = async () => (await json(await call(b, 'GET', '/api/site-channels'))).body as unknown as { id: number; name: string }[];
    const before = await listOnB();
    const added = await json(await call(a, 'POST', '/api/site-channels', adminToken, { name: 'Across instances', url: 'https://t.me/across_instances' }));
    expect(added.status).toBe(201);
    await freshWithin(listOnB, (list) => list.length === before.length + 1 && list.some((channel) => channel.id === added.body.id));
    expect((await call(a, 'DELETE', `/api/site-channels/${String(added.body.id)}`, adminToken)).status).toBe(200);
    await freshWithin(listOnB, (list) => list.length === before.length);
  });

  it('a moderator deleted through A is 401 on B at once (sessions live in the database)', async () => {
    const created = await json(await call(a, 'POST', '/api/createModerator', adminToken, { UserName: `mod_${dialect}`, Password: 'moderator-pass-1' }));
    expect(created.status).toBe(201);
    const login = await json(await call(b, 'POST', '/api/login', undefined, { UserName: `mod_${dialect}`, Password: 'moderator-pass-1' }));
    const token = login.body.token as string;
    expect((await call(b, 'GET', '/api/m/scripts', token)).status).toBe(200);
    expect((await call(a, 'DELETE', `/api/delete-moderator/${String(created.body.id)}`, adminToken)).status).toBe(200);
    expect((await call(b, 'GET', '/api/m/scripts', token)).status).toBe(401);
    expect((await call(b, 'GET', '/api/m/check-status', token)).status).toBe(401);
  });

  it('an image uploaded through A is served by B from the database, immutable', async () => {
    const bytes = await pngImage('across instances');
    const created = await createThroughA({ playsname: 'Pictured across instances', image: bytes });
    for (const url of [created.image, created.imageCard] as string[]) {
      const served = await call(b, 'GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect(body.equals(Buffer.from(await (await call(a, 'GET', url)).arrayBuffer()))).toBe(true);
    }
    // Deleting the script through B removes the image for A too.
    expect((await call(b, 'DELETE', `/api/ad/${created.id}`, adminToken)).status).toBe(200);
    expect((await call(a, 'GET', created.image as string)).status).toBe(404);
  });
});
