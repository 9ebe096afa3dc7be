import fs from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { imageFiles, imageKeyOf, pngImage, type ScriptFormInput, scriptForm, uploadsListing } from '../helpers/staff.ts';

// Concurrent writes sharing content-addressed image files (issue 9, items 1, 2 and 13): no answer is
// a 500, every saved row's files exist, a key no row uses leaves no file, and image decoding is
// bounded by a queue that answers 503 when full.

/** The message of the 401 a create gets when its moderator is deleted while the upload is processed. */
const OWNER_GONE = /no longer exists/i;

describe.each(dialects)('image writes racing on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
  });
  afterEach(async () => ctx?.close());

  const create = (account: Account, path: '/api/ac' | '/api/m', input: ScriptFormInput) =>
    injectAs(ctx, account, { method: 'POST', url: path, payload: scriptForm({ playsname: 'Racer', description: 'Races', loadstring: 'print(1)', ...input }) });
  const edit = (id: number, input: ScriptFormInput) => injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm(input) });
  const remove = (id: number) => injectAs(ctx, admin, { method: 'DELETE', url: `/api/ad/${id}` });
  const deleteModerator = (id: number) => injectAs(ctx, admin, { method: 'DELETE', url: `/api/delete-moderator/${id}` });
  const created = async (account: Account, path: '/api/ac' | '/api/m', input: ScriptFormInput) => {
    const response = await create(account, path, input);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; image: string | null };
  };
  /** A write that fails inside the row's transaction (a NOT NULL channel name) after its image was stored. */
  const failingCreate = (bytes: Buffer) =>
    ctx.services.staffScripts.create(
      { role: 'admin', adminId: admin.id },
      {
        fields: { playsname: 'Doomed', description: 'Fails in the database', loadstring: 'print(0)' },
        channels: [{ name: null as unknown as string, url: 'https://t.me/doomed' }],
        image: { bytes, declaredType: 'image/png' },
      },
    );
  /** Each failed in the database (after its image was processed and stored), not earlier. */
  const expectInsertFailures = (results: PromiseSettledResult<unknown>[], expected: number) =>
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'fulfilled'))).toEqual(
      Array.from({ length: expected }, () => expect.stringMatching(/not.null/i)),
    );
  const rowsWithKey = async (key: string) =>
    Number((await ctx.db.kysely.selectFrom('scripts').select((eb) => eb.fn.countAll().as('n')).where('image_key', '=', key).executeTakeFirstOrThrow()).n);
  const rowsNamed = async (playsname: string) =>
    Number((await ctx.db.kysely.selectFrom('scripts').select((eb) => eb.fn.countAll().as('n')).where('playsname', '=', playsname).executeTakeFirstOrThrow()).n);
  const filesExist = (key: string) => imageFiles(ctx, key).map((file) => fs.existsSync(file));
  /** The uploads folder must hold exactly the files of the keys rows use: no missing file, no stray one. */
  const expectUploadsMatchRows = async () => {
    const keys = await ctx.db.kysely.selectFrom('scripts').select('image_key').distinct().where('image_key', 'is not', null).execute();
    const expected = keys.flatMap(({ image_key }) => [`${image_key}-card.webp`, `${image_key}.webp`]).sort();
    expect(uploadsListing(ctx)).toEqual(expected);
  };
  const statuses = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);
  const count = (answers: LightMyRequestResponse[], status: number) => answers.filter((answer) => answer.statusCode === status).length;

  it('12 parallel admin creates with the same PNG all answer 201 and share two files', async () => {
    const bytes = await pngImage();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(admin, '/api/ac', { playsname: `Same image ${i}`, image: bytes })));
    expect(statuses(answers)).toEqual(Array.from({ length: 12 }, () => 201));
    const keys = new Set(answers.map((answer) => imageKeyOf(answer.json().image)));
    expect(keys.size).toBe(1);
    const [key] = [...keys] as [string];
    expect(await rowsWithKey(key)).toBe(12);
    expect(filesExist(key)).toEqual([true, true]);
    expect(uploadsListing(ctx)).toEqual([`${key}-card.webp`, `${key}.webp`]);
  });

  it('a storm of mixed writes sharing one key leaves every row its files, and no file once no row uses the key', async () => {
    const bytes = await pngImage();
    const otherBytes = await pngImage();
    const first = await created(admin, '/api/ac', { playsname: 'Keeps the key', image: bytes });
    const key = imageKeyOf(first.image);
    const doomed = [first, ...(await Promise.all([1, 2, 3].map(() => created(admin, '/api/ac', { image: bytes }))))];
    const plain = await Promise.all([1, 2, 3, 4].map(() => created(admin, '/api/ac', {})));
    const movedAway = await Promise.all([1, 2].map(() => created(admin, '/api/ac', { image: bytes })));
    const editedWhileDeleted = await Promise.all([1, 2].map(() => created(admin, '/api/ac', {})));
    const [live1, live2, leaving1, leaving2] = await Promise.all([1, 2, 3, 4].map(() => createModerator(ctx))) as [Account, Account, Account, Account];
    expect(await rowsWithKey(key)).toBe(6);

    const [adminCreates, liveCreates, leavingCreates, moderatorDeletes, keyEdits, awayEdits, deletes, raceEdits, raceDeletes, failures] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => create(admin, '/api/ac', { playsname: 'Storm admin', image: bytes }))),
      Promise.all([live1, live2, live1].map((mod) => create(mod, '/api/m', { playsname: 'Storm live', image: bytes }))),
      Promise.all([leaving1, leaving2, leaving1, leaving2].map((mod) => create(mod, '/api/m', { playsname: 'Storm leaving', image: bytes }))),
      Promise.all([leaving1, leaving2].map((mod) => deleteModerator(mod.id))),
      Promise.all(plain.map((script) => edit(script.id, { image: bytes }))),
      Promise.all(movedAway.map((script) => edit(script.id, { image: otherBytes }))),
      Promise.all(doomed.map((script) => remove(script.id))),
      Promise.all(editedWhileDeleted.map((script) => edit(script.id, { image: bytes }))),
      Promise.all(editedWhileDeleted.map((script) => remove(script.id))),
      Promise.allSettled([1, 2, 3, 4].map(() => failingCreate(bytes))),
    ]);

    expect(statuses(adminCreates)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(statuses(liveCreates)).toEqual([201, 201, 201]);
    for (const answer of leavingCreates) expect([201, 401], answer.body).toContain(answer.statusCode);
    expect(statuses(moderatorDeletes)).toEqual([200, 200]);
    expect(statuses(keyEdits)).toEqual([200, 200, 200, 200]);
    expect(statuses(awayEdits)).toEqual([200, 200]);
    expect(statuses(deletes)).toEqual([200, 200, 200, 200]);
    // An edit racing the delete of its script either lands first or finds the script gone.
    for (const answer of raceEdits) expect([200, 404], answer.body).toContain(answer.statusCode);
    expect(statuses(raceDeletes)).toEqual([200, 200]);
    expectInsertFailures(failures, 4);

    const leavingSaved = count(leavingCreates, 201);
    expect(await rowsNamed('Storm leaving')).toBe(leavingSaved);
    expect(await rowsNamed('Doomed')).toBe(0);
    // 6 before − 4 deleted − 2 moved away + 6 admin + 3 live + the leaving moderators' saved ones + 4 edited to it.
    expect(await rowsWithKey(key)).toBe(6 - 4 - 2 + 6 + 3 + leavingSaved + 4);
    await expectUploadsMatchRows();

    // Every row still using the key goes, while more failing writes of the same image come and go.
    const users = await ctx.db.kysely.selectFrom('scripts').select('id').where('image_key', '=', key).execute();
    const [finalDeletes, lateFailures] = await Promise.all([
      Promise.all(users.map(({ id }) => remove(id))),
      Promise.allSettled([1, 2, 3].map(() => failingCreate(bytes))),
    ]);
    expect(statuses(finalDeletes)).toEqual(users.map(() => 200));
    expectInsertFailures(lateFailures, 3);
    expect(await rowsWithKey(key)).toBe(0);
    expect(filesExist(key)).toEqual([false, false]);
    await expectUploadsMatchRows();
  });

  it('a moderator deleted while its create is processed: 201 (then the admin owns it) or 401 leaving nothing, never 500', async () => {
    let ownerGone = 0;
    for (let round = 0; round < 10; round += 1) {
      const mod = await createModerator(ctx);
      // 9 megapixels: decoding takes long enough for the delete to land while the upload is processed.
      const bytes = await pngImage(undefined, 3000);
      const playsname = `Orphan ${round}`;
      // Each round fires the delete a little later, sweeping it across the guard, the decode and the insert.
      const [answer, deleted] = await Promise.all([
        create(mod, '/api/m', { playsname, image: bytes }),
        setTimeout(round * 15).then(() => deleteModerator(mod.id)),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect([201, 401], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 201) {
        const row = await ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', answer.json().id).executeTakeFirstOrThrow();
        expect(row.owner_moderator_id).toBeNull();
        expect(filesExist(row.image_key as string)).toEqual([true, true]);
      } else {
        expect(answer.json()).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
        expect(await rowsNamed(playsname)).toBe(0);
        if (OWNER_GONE.test(answer.json().error)) ownerGone += 1;
      }
      await expectUploadsMatchRows();
    }
    // The interesting branch (the owner vanished between the guard and the insert) really happened.
    expect(ownerGone).toBeGreaterThan(0);
  });

  it('a moderator deleted while its upload waits for a decoder: 401, no row, no file (10 rounds)', async () => {
    const { decodes } = ctx.services.imageService;
    for (let round = 0; round < 10; round += 1) {
      const mod = await createModerator(ctx);
      const playsname = `Queued orphan ${round}`;
      // The whole decode budget is held, so the upload, past the guard, waits in the queue before its insert.
      const gate = occupyDecoders(decodes);
      const answer = create(mod, '/api/m', { playsname, image: await pngImage() });
      await vi.waitFor(() => expect(decodes.state.waiting).toBe(1), { timeout: 10_000, interval: 5 });
      expect(await ctx.services.staff.deleteModerator(mod.id)).toMatchObject({ id: mod.id });
      gate.open();
      const response = await answer;
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ error: expect.stringMatching(OWNER_GONE), code: 'UNAUTHORIZED' });
      expect(await rowsNamed(playsname)).toBe(0);
      expect(uploadsListing(ctx)).toEqual([]);
      await gate.done;
    }
  });

  it('more parallel uploads than the decode queue holds: the overflow is 503 with Retry-After, the rest 201, none 500', async () => {
    const { decodes } = ctx.services.imageService;
    const { waiting } = decodes.limits;
    const overflow = 3;
    const gate = occupyDecoders(decodes);
    let answered = 0;
    // The held budget keeps the queued uploads waiting, so the first answers are exactly the refusals.
    const answers = await Promise.all(
      Array.from({ length: waiting + overflow }, async (_, i) => {
        const response = await create(admin, '/api/ac', { playsname: `Queued ${i}`, image: await pngImage() });
        answered += 1;
        if (answered === overflow) gate.open();
        return response;
      }),
    );
    await gate.done;

    expect(count(answers, 503)).toBe(overflow);
    expect(count(answers, 201)).toBe(waiting);
    for (const answer of answers.filter((a) => a.statusCode === 503)) {
      expect(answer.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const saved = await ctx.db.kysely.selectFrom('scripts').select('playsname').where('playsname', 'like', 'Queued %').execute();
    expect(saved).toHaveLength(waiting);
    // Refused uploads left no file: the folder holds the saved rows' files and nothing else.
    await expectUploadsMatchRows();
    expect(uploadsListing(ctx)).toHaveLength(2 * waiting);
  });
});

interface DecodeQueueLike {
  limits: { pixels: number };
  run<T>(pixels: number, task: () => Promise<T>): Promise<T>;
}

/** Holds the decode queue's whole pixel budget until open() is called; `done` settles once it is free again. */
function occupyDecoders(decodes: DecodeQueueLike) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, done: decodes.run(decodes.limits.pixels, () => opened) };
}
