import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../../server/images/pipeline.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { imageKeyOf, pngImage, scriptForm, uploadsListing } from '../helpers/staff.ts';

// IMAGE_STORAGE=database (issue 11): uploads live as rows, at the same URLs with the same headers,
// and go with the last script that uses them; a failed write leaves no row behind.

describe.each(dialects)('images stored in the %s database', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { IMAGE_STORAGE: 'database' } });
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const create = async (image: Buffer, playsname = 'Pictured') => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: scriptForm({ playsname, description: 'x', loadstring: 'print(1)', image }) as unknown as string });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; image: string; imageCard: string };
  };
  const imageRows = async () => (await ctx.db.kysely.selectFrom('images').select('key').orderBy('key').execute()).map((row) => row.key);
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('serves both renditions from rows, immutable, with a validator; nothing goes to the disk', async () => {
    const script = await create(await pngImage());
    const key = imageKeyOf(script.image);
    expect(await imageRows()).toContain(key);
    expect(uploadsListing(ctx)).toEqual([]);
    for (const url of [script.image, script.imageCard]) {
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
      const again = await get(url, { 'if-none-match': String(served.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
    }
    const card = await get(script.imageCard);
    const detail = await get(script.image);
    expect(card.rawPayload.length).toBeLessThan(detail.rawPayload.length);
  });

  it.each([
    ['an unknown key', '/uploads/0123456789abcdef0123456789abcdef.webp'],
    ['another extension', '/uploads/0123456789abcdef0123456789abcdef.png'],
    ['a name that is no key', '/uploads/..%2Fcatalogue.db'],
    ['a NUL byte', '/uploads/abc%00.webp'],
  ])('answers %s with 404 in the error shape', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a replaced image’s row goes; a shared one stays until its last script goes', async () => {
    const bytes = await pngImage();
    const first = await create(bytes, 'Shares one');
    const second = await create(bytes, 'Shares it too');
    const key = imageKeyOf(first.image);
    expect(second.image).toBe(first.image);

    const replaced = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${first.id}`, payload: scriptForm({ image: await pngImage() }) as unknown as string });
    expect(replaced.statusCode).toBe(200);
    expect(await imageRows()).toContain(key);
    expect((await get(second.image)).statusCode).toBe(200);

    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/ad/${second.id}` })).statusCode).toBe(200);
    expect(await imageRows()).not.toContain(key);
    expect((await get(second.image)).statusCode).toBe(404);
  });

  it('a row write that fails after the image was saved leaves no image row behind', async () => {
    const image = await processImage(await pngImage(), ctx.config.uploadMaxPixels);
    const before = await imageRows();
    await expect(
      ctx.services.imageService.store(image, async () => {
        expect(await imageRows()).toContain(image.key);
        throw new Error('the row write failed');
      }),
    ).rejects.toThrow('the row write failed');
    expect(await imageRows()).toEqual(before);
  });
});
