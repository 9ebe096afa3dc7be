import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATH_LENGTH, MAX_PATH_SEGMENTS } from '../../server/plugins/protocol.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';

// A long path costs no CPU (issue 24, docs/decisions/0028-bounded-work-for-every-path.md): paths longer
// or with more segments than any route can have are answered 404 in the { error, code } shape before
// the web app matches them (React Router's matching took seconds for `/x` × 7,900). Its own answers
// are HTML: a JSON body proves no render happened. Needs build/.

const attack = () => `/p${randomBytes(6).toString('hex')}${'/x'.repeat(7_900)}`;

describe('paths past the bounds on the web app', () => {
  let ctx: TestContext;
  let scriptPath: string;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true });
    const script = await insertScript(ctx.services, { playsname: 'Short path' });
    scriptPath = `/scripts/${script.id}-short-path`;
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  function expectCheapNotFound(answer: Awaited<ReturnType<typeof get>>) {
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
  }

  it('answers the long path of the attack (15.8 KB, 7,901 segments) 404 { error, code } without rendering', async () => {
    const path = attack();
    expect(path.length).toBeGreaterThan(15_800);
    expectCheapNotFound(await get(path));
    expectCheapNotFound(await get(`${path}?q=x`));
  });

  it('answers its data request (`.data`) the same way', async () => {
    expectCheapNotFound(await get(`${attack()}.data`));
    expectCheapNotFound(await get(`/scripts${'/a'.repeat(MAX_PATH_SEGMENTS)}.data`));
  });

  it('answers many short segments within the length bound the same way, for GET and HEAD', async () => {
    const path = `/scripts${'/a'.repeat(MAX_PATH_SEGMENTS)}`;
    expect(path.length).toBeLessThan(MAX_PATH_LENGTH);
    expectCheapNotFound(await get(path));
    const head = await get(path, 'HEAD');
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('still renders paths at the bounds, and real pages with long query strings', async () => {
    const atBounds = `/p${'x'.repeat(MAX_PATH_LENGTH - 2 - 2 * (MAX_PATH_SEGMENTS - 1))}${'/x'.repeat(MAX_PATH_SEGMENTS - 1)}`;
    expect(atBounds.length).toBe(MAX_PATH_LENGTH);
    const notFoundPage = await get(atBounds);
    expect(notFoundPage.statusCode).toBe(404);
    expect(notFoundPage.headers['content-type']).toMatch(/^text\/html/);
    const page = await get(`${scriptPath}?utm_source=${'a'.repeat(4_000)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await get(`${scriptPath}.data`)).statusCode).toBe(200);
  });
});
