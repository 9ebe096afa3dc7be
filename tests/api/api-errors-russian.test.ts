import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseChannel } from '../../contract/channels.ts';
import { idListSchema } from '../../contract/scripts.ts';
import { scriptCreateJsonSchema, testedExecutorsSchema } from '../../contract/script-form.ts';
import { ERROR_TEXTS_RU } from '../../server/shared/error-texts.ts';
import { matchErrorText, prefersRussian, russianErrorText } from '../../server/shared/error-texts-russian.ts';
import { notFound } from '../../server/shared/errors.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs, nextAddress } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';

// Issue 29 item 4: the API answers `error` (and the `fields` texts) in Russian for a request that
// prefers Russian, and exactly as before for every other; `code` and the `fields` keys never change
// (docs/decisions/0045-languages.md, "API errors in Russian").

const RU = { 'accept-language': 'ru' };
const PLACEHOLDER = /\{(\w+)/g;

/** The `{name}` values a template uses (plural branches' own text aside). */
const placeholders = (template: string) => new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]));

/** Sample values: a number where a limit goes, a word elsewhere. */
const NUMERIC = new Set(['max', 'min', 'count', 'megapixels', 'megabytes', 'divisor']);
const filled = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => (NUMERIC.has(name) ? '7' : `v-${name}`));

describe('the catalogue', () => {
  const templates = Object.keys(ERROR_TEXTS_RU) as (keyof typeof ERROR_TEXTS_RU)[];

  it('gives every English text a Russian one with only its values, which renders completely', () => {
    expect(templates.length).toBeGreaterThan(150);
    for (const template of templates) {
      const russian = ERROR_TEXTS_RU[template];
      expect(russian, template).toMatch(/[а-яё]/i);
      // Every Russian value is one the English gives; a Russian text may leave one out (zod's "number").
      const given = placeholders(template);
      for (const name of placeholders(russian)) expect(given.has(name), `${template}: {${name}}`).toBe(true);
      expect(russianErrorText(filled(template)), template).not.toMatch(/[{}]/);
    }
  });

  it('finds each text by its own template: no template hides another', () => {
    for (const template of templates) expect(matchErrorText(filled(template))?.template, template).toBe(template);
  });

  it('puts the dynamic parts in as values, with Russian plurals for limits', () => {
    expect(russianErrorText('Too big: expected string to have <=1 characters')).toBe('Слишком длинная строка: не больше 1 символа');
    expect(russianErrorText('Script Name must be at most 120 characters')).toBe('Поле «Script Name» — не больше 120 символов');
    expect(russianErrorText('Loadstring must be at most 100,000 characters')).toBe('Поле «Loadstring» — не больше 100\u00a0000 символов');
    expect(russianErrorText('No API route GET /api/x')).toBe('В API нет маршрута GET /api/x');
    expect(russianErrorText('executors: no executor has the slug krnl')).toBe('executors: нет исполнителя со слагом krnl');
  });

  it('refuses, at compile time, a factory text that has no Russian', () => {
    // Never called: the check is `npm run typecheck`, which fails if this line compiles.
    const unknownText = () => notFound(
      // @ts-expect-error -- not in server/shared/error-texts.ts
      'Gadget not found',
    );
    expect(typeof unknownText).toBe('function');
  });
});

/** Every message zod gives for one input. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

type Def = { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema, through optional, default, pipes (transforms) and unions. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.shape) return Object.keys(def.shape);
  const inner = def.in ?? def.innerType;
  if (inner) return fieldsOf(inner);
  return (def.options ?? []).flatMap(fieldsOf);
}

const LONG = 'a'.repeat(70_000);
/** Wrong types, empties, control characters, oversized and repeated values: what clients get wrong. */
const SAMPLES: unknown[] = [123, -1, 1.5, 0, 'x', '', ' ', 'a\u0000b', '\ud800', LONG, '07', 'abc', '1,1', '1,x', 'https://', 'http://a.b', true, null, [], ['a', 'a'], [1], {}, Array.from({ length: 200 }, (_, i) => `e${i}`)];

/** The schemas of every route's body, query and path parameters (a form's for each content type). */
function routeSchemas(routes: RouteOptions[]): z.ZodType[] {
  const found: z.ZodType[] = [];
  for (const route of routes) {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const part of ['body', 'querystring', 'params']) {
      const value = schema[part] as { content?: Record<string, { schema: z.ZodType }> } | z.ZodType | undefined;
      if (!value) continue;
      if ('content' in value && value.content) found.push(...Object.values(value.content).map((entry) => entry.schema));
      else found.push(value as z.ZodType);
    }
  }
  return found.filter((schema) => typeof (schema as { safeParse?: unknown }).safeParse === 'function');
}

describe('every validation text a route can give has a Russian one', () => {
  const routes: RouteOptions[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => ctx?.close());

  it('walks each route schema with wrong values in every field', () => {
    const schemas = routeSchemas(routes);
    expect(schemas.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const schema of schemas) {
      for (const input of [undefined, null, 'x', [], {}]) for (const message of messages(schema, input)) seen.add(message);
      for (const field of fieldsOf(schema)) for (const value of SAMPLES) for (const message of messages(schema, { [field]: value })) seen.add(message);
    }
    expect(seen.size).toBeGreaterThan(60);
    expect([...seen].filter((message) => russianErrorText(message) === undefined)).toEqual([]);
  });

  it('covers the texts rules give only past the field checks: channels, ids, executors, facts', () => {
    const base = { playsname: 'P', description: 'D', loadstring: 'L' };
    const seen = [
      ...messages(scriptCreateJsonSchema, { ...base, universal: true, game: 'g' }),
      ...messages(scriptCreateJsonSchema, { ...base, keySystem: false, keyLink: 'https://k.example' }),
      ...messages(scriptCreateJsonSchema, { ...base, channels: Array.from({ length: 50 }, (_, i) => `@c${i}`) }),
      ...messages(testedExecutorsSchema, ['a', 'a']),
      ...messages(idListSchema, '1,1'),
      ...messages(idListSchema, '1,x'),
      ...messages(idListSchema, Array.from({ length: 101 }, (_, i) => i + 1).join(',')),
    ];
    for (const channel of ['a\u0001', 'https://[', 'http://a.example', 'https://t.me/%E0%A4%A', 'a b', 'https://t.me/a%01']) {
      try {
        parseChannel(channel);
      } catch (error) {
        seen.push((error as Error).message);
      }
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((message) => russianErrorText(message) === undefined)).toEqual([]);
  });
});

describe('choosing the language from Accept-Language', () => {
  it.each([
    ['ru', true],
    ['ru-RU', true],
    ['RU-ru', true],
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', true],
    ['de-DE, ru;q=0.5', true],
    ['ru, en', true],
    ['en, ru', false],
    ['en;q=1, ru;q=0.5', false],
    ['en-US,en;q=0.9,ru;q=0.8', false],
    ['ru;q=0.4, en;q=0.3', true],
    ['ru;q=0', false],
    ['ru;q=0.5, *', false],
    ['*', false],
    ['ru;q=2', false],
    ['ru;q=abc', false],
    ['ru;level=1', true],
    ['русский', false],
    [';;;,,,', false],
    ['ru\u0000', false],
    [`ru,${'x'.repeat(10_000)}`, false],
    ['', false],
    [undefined, false],
  ])('%j → Russian: %s', (header, russian) => {
    expect(prefersRussian(header)).toBe(russian);
  });
});

describe.each(dialects)('error answers in Russian and in English on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  /** The same request in English (no preference) and with `Accept-Language: ru`. */
  async function both(account: Account | undefined, options: InjectOptions) {
    const english = await injectAs(ctx, account, options);
    const russian = await injectAs(ctx, account, { ...options, headers: { ...options.headers, ...RU } });
    for (const answer of [english, russian]) expect(answer.headers.vary).toMatch(/accept-language/i);
    expect(russian.statusCode).toBe(english.statusCode);
    return { english: english.json(), russian: russian.json(), status: english.statusCode };
  }

  it('404 script', async () => {
    const { english, russian, status } = await both(undefined, { method: 'GET', url: '/api/scripts/999999' });
    expect(status).toBe(404);
    expect(english).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
    expect(russian).toEqual({ error: 'Скрипт не найден', code: 'NOT_FOUND' });
  });

  it('404 route', async () => {
    const { english, russian } = await both(undefined, { method: 'GET', url: '/api/nothing-here' });
    expect(english).toEqual({ error: 'No API route GET /api/nothing-here', code: 'NOT_FOUND' });
    expect(russian).toEqual({ error: 'В API нет маршрута GET /api/nothing-here', code: 'NOT_FOUND' });
  });

  it('400 validation on a staff create: error and every fields text, same keys', async () => {
    const { english, russian, status } = await both(admin, { method: 'POST', url: '/api/ac', payload: { playsname: 'x'.repeat(500), loadstring: 5 } });
    expect(status).toBe(400);
    expect(english).toEqual({
      error: 'playsname: Script Name must be at most 120 characters',
      code: 'VALIDATION_FAILED',
      fields: { playsname: 'Script Name must be at most 120 characters', description: 'Description is required', loadstring: 'Invalid input: expected string, received number' },
    });
    expect(russian).toEqual({
      error: 'playsname: Поле «Script Name» — не больше 120 символов',
      code: 'VALIDATION_FAILED',
      fields: { playsname: 'Поле «Script Name» — не больше 120 символов', description: 'Поле «Description» обязательно', loadstring: 'Неверное значение: ожидался тип string, получен number' },
    });
  });

  it('400 validation of a public query', async () => {
    const { english, russian } = await both(undefined, { method: 'GET', url: '/api/scripts/paginated?limit=07' });
    expect(english).toEqual({ error: 'limit: limit must be a whole number without leading zeros', code: 'VALIDATION_FAILED', fields: { limit: 'limit must be a whole number without leading zeros' } });
    expect(russian).toEqual({ error: 'limit: Поле «limit» — нужно целое число без ведущих нулей', code: 'VALIDATION_FAILED', fields: { limit: 'Поле «limit» — нужно целое число без ведущих нулей' } });
  });

  it('401', async () => {
    const { english, russian, status } = await both(undefined, { method: 'POST', url: '/api/ac', payload: {} });
    expect(status).toBe(401);
    expect(english).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    expect(russian).toEqual({ error: 'Требуется вход', code: 'UNAUTHORIZED' });
  });

  it('403', async () => {
    const { english, russian, status } = await both(moderator, { method: 'GET', url: '/api/moderators' });
    expect(status).toBe(403);
    expect(english).toEqual({ error: 'This action needs the admin role', code: 'FORBIDDEN' });
    expect(russian).toEqual({ error: 'Для этого действия нужна роль admin', code: 'FORBIDDEN' });
  });

  it('405, with its Allow header', async () => {
    const english = await ctx.app.inject({ method: 'PUT', url: '/api/scripts/paginated' });
    const russian = await ctx.app.inject({ method: 'PUT', url: '/api/scripts/paginated', headers: RU });
    expect(english.statusCode).toBe(405);
    expect(russian.headers.allow).toBe(english.headers.allow);
    expect(english.json()).toEqual({ error: `PUT is not allowed here; use ${english.headers.allow}`, code: 'METHOD_NOT_ALLOWED' });
    expect(russian.json()).toEqual({ error: `Метод PUT здесь не разрешён; используйте ${english.headers.allow}`, code: 'METHOD_NOT_ALLOWED' });
  });

  it('400 for a malformed URL, answered by the router before any route', async () => {
    const english = await ctx.app.inject({ method: 'GET', url: '/api/scripts/%E0%A4%A' });
    const russian = await ctx.app.inject({ method: 'GET', url: '/api/scripts/%E0%A4%A', headers: RU });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ error: 'Malformed URL', code: 'BAD_REQUEST' });
    expect(russian.json()).toEqual({ error: 'Неверный адрес запроса', code: 'BAD_REQUEST' });
    expect(russian.headers.vary).toContain('Accept-Language');
  });

  it('409 with fields', async () => {
    const payload = { UserName: `taken${dialect}`, Password: 'a-long-password-1' };
    expect((await injectAs(ctx, admin, { method: 'POST', url: '/api/createModerator', payload })).statusCode).toBe(201);
    const { english, russian, status } = await both(admin, { method: 'POST', url: '/api/createModerator', payload });
    expect(status).toBe(409);
    expect(english).toEqual({ error: 'A moderator with this username already exists', code: 'CONFLICT', fields: { UserName: 'This username is taken' } });
    expect(russian).toEqual({ error: 'Модератор с таким именем уже есть', code: 'CONFLICT', fields: { UserName: 'Это имя занято' } });
  });

  it('413', async () => {
    const payload = JSON.stringify({ playsname: 'x'.repeat(3_000_000) });
    const { english, russian, status } = await both(admin, { method: 'POST', url: '/api/ac', headers: { 'content-type': 'application/json' }, payload });
    expect(status).toBe(413);
    expect(english).toEqual({ error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(russian).toEqual({ error: 'Тело запроса слишком большое', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('415', async () => {
    const { english, russian, status } = await both(admin, { method: 'POST', url: '/api/ac', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(status).toBe(415);
    expect(english).toEqual({ error: 'A script form is sent as multipart/form-data or application/json', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(russian).toEqual({ error: 'Форма скрипта отправляется как multipart/form-data or application/json', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('malformed JSON', async () => {
    const { english, russian, status } = await both(admin, { method: 'POST', url: '/api/ac', headers: { 'content-type': 'application/json' }, payload: '{"playsname":' });
    expect(status).toBe(400);
    expect(english).toEqual({ error: "Body is not valid JSON but content-type is set to 'application/json'", code: 'BAD_REQUEST' });
    expect(russian).toEqual({ error: "Тело запроса — не JSON, хотя content-type — 'application/json'", code: 'BAD_REQUEST' });
  });

  it('429, still no-store and with Retry-After', async () => {
    const remoteAddress = nextAddress();
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username: admin.username, password: 'wrong-password-0' }, remoteAddress, headers });
    let english = await login({});
    for (let i = 0; i < 20 && english.statusCode !== 429; i += 1) english = await login({});
    const russian = await login(RU);
    expect(english.statusCode).toBe(429);
    expect(russian.statusCode).toBe(429);
    expect(english.json()).toEqual({ error: 'Too many failed login attempts. Try again later.', code: 'RATE_LIMITED' });
    expect(russian.json()).toEqual({ error: 'Слишком много неудачных попыток входа. Повторите позже.', code: 'RATE_LIMITED' });
    expect(russian.headers['retry-after']).toMatch(/^\d+$/);
    expect(russian.headers['cache-control']).toBe('no-store');
    expect(russian.headers.vary).toMatch(/accept-language/i);
  });

  it('a public error answer is kept by no cache: each language gets its own, in either order', async () => {
    const url = '/api/scripts/888888';
    for (const [headers, error] of [[RU, 'Скрипт не найден'], [{}, 'Script not found'], [RU, 'Скрипт не найден']] as const) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers });
      expect(answer.json().error).toBe(error);
      expect(answer.headers['cache-control'] ?? '').not.toMatch(/public|max-age|s-maxage/);
      expect(answer.headers.etag).toBeUndefined();
    }
  });

  it('an unreadable, NUL-bearing or huge Accept-Language still gets a correct English answer', async () => {
    for (const header of ['ru;q=2', ';;;,,,', 'русский', 'ru\u0000', 'ru;q=\u0000', `ru,${'x;q=0.1,'.repeat(1_100)}`, 'en;q=1, ru;q=0.5']) {
      const answer = await ctx.app.inject({ method: 'GET', url: '/api/scripts/999999', headers: { 'accept-language': header } });
      expect(answer.statusCode, JSON.stringify(header).slice(0, 40)).toBe(404);
      expect(answer.json()).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
    }
    const success = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated', headers: { 'accept-language': `ru,${'x'.repeat(10_000)}` } });
    expect(success.statusCode).toBe(200);
  });
});
