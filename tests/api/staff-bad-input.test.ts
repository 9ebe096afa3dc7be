import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_LIMITS } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { hugeDimensionPng, oversizedJpeg, sampleImage, SVG_WITH_SCRIPT, TEXT_FILE, truncatedJpeg } from '../helpers/images.ts';
import { snapshotState, uploadsListing } from '../helpers/state.ts';
import { STACK_LINE } from '../helpers/processes.ts';

// Every write endpoint × the bad inputs of the issue: each is a 4xx in the { error, code } shape
// (with `fields` naming the field when one field is at fault), never a 500, and changes nothing: the
// rows of every staff-visible table and the uploads folder are identical before and after.

const VALID = {
  playsname: 'A perfectly valid script',
  description: 'Farms automatically while you sleep.',
  loadstring: 'loadstring(game:HttpGet("https://example.com/farm.lua"))()',
};

interface FilePart {
  field?: string;
  bytes: Buffer;
  type: string;
  filename: string;
}

/** A multipart script form the way a browser sends it: text fields, repeated channels[], files. */
function scriptForm(fields: Record<string, string | string[]>, ...files: FilePart[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  for (const file of files) form.append(file.field ?? 'image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  return form;
}

const without = (field: keyof typeof VALID) => Object.fromEntries(Object.entries(VALID).filter(([name]) => name !== field));
const channels = (count: number) => Array.from({ length: count }, (_, i) => `@channel_${i}`);

interface Fixtures {
  png: Buffer;
  jpeg: Buffer;
  oversized: Buffer;
  huge: Buffer;
  truncated: Buffer;
}

type Request = Pick<InjectOptions, 'payload' | 'headers'>;
interface Expected {
  status: number;
  code: string;
  /** The field `fields` must name; absent when the request as a whole is at fault. */
  field?: string;
}
type Case = [label: string, request: (f: Fixtures) => Request, expected: Expected];

const json = (payload: unknown): Request => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
const raw = (contentType: string, payload: string | Buffer): Request => ({ payload, headers: { 'content-type': contentType } });
const multipart = (form: FormData): Request => ({ payload: form });
const invalid = (field: string): Expected => ({ status: 400, code: 'VALIDATION_FAILED', field });

const BOUNDARY = '----catalogue-test-boundary';

/** Content-type and body faults that apply to every JSON endpoint alike. */
const BODY_FAULTS: Case[] = [
  ['a non-JSON body declared as JSON', () => raw('application/json', '{"playsname": "unfinished'), { status: 400, code: 'BAD_REQUEST' }],
  ['an empty body declared as JSON', () => raw('application/json', ''), { status: 400, code: 'BAD_REQUEST' }],
  ['an unknown content type (application/xml)', () => raw('application/xml', '<script><name>x</name></script>'), { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
  ['an HTML form post (application/x-www-form-urlencoded)', () => raw('application/x-www-form-urlencoded', 'playsname=x&description=y'), { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
  ['a JSON body over the 1 MB body limit', () => json({ ...VALID, description: 'x'.repeat(1_100_000) }), { status: 413, code: 'PAYLOAD_TOO_LARGE' }],
];

/** Script-form faults that make an edit fail as much as a create. */
const SCRIPT_FAULTS: Case[] = [
  ['a whitespace-only playsname', () => multipart(scriptForm({ ...VALID, playsname: '   ' })), invalid('playsname')],
  ['a whitespace-only description', () => multipart(scriptForm({ ...VALID, description: '\t \n' })), invalid('description')],
  ['a whitespace-only loadstring', () => multipart(scriptForm({ ...VALID, loadstring: ' ' })), invalid('loadstring')],
  ['a 121-character playsname', () => multipart(scriptForm({ ...VALID, playsname: 'p'.repeat(SCRIPT_LIMITS.playsnameMax + 1) })), invalid('playsname')],
  ['a 5001-character description', () => multipart(scriptForm({ ...VALID, description: 'd'.repeat(SCRIPT_LIMITS.descriptionMax + 1) })), invalid('description')],
  ['a 20001-character loadstring', () => multipart(scriptForm({ ...VALID, loadstring: 'l'.repeat(SCRIPT_LIMITS.loadstringMax + 1) })), invalid('loadstring')],
  [
    'a 200 KB loadstring (over the multipart field limit)',
    () => multipart(scriptForm({ ...VALID, loadstring: 'l'.repeat(200 * 1024) })),
    { status: 413, code: 'PAYLOAD_TOO_LARGE', field: 'loadstring' },
  ],
  ['a javascript: channel URL', () => multipart(scriptForm({ ...VALID, 'channels[]': 'javascript:alert(1)' })), invalid('channels')],
  ['a data: channel URL', () => multipart(scriptForm({ ...VALID, 'channels[]': 'data:text/plain;base64,SGVsbG8=' })), invalid('channels')],
  ['an http: channel URL', () => multipart(scriptForm({ ...VALID, 'channels[]': ['@good_one', 'http://t.me/plain_http'] })), invalid('channels')],
  ['a channel that is neither a handle nor a URL', () => multipart(scriptForm({ ...VALID, channels: 'not a handle!' })), invalid('channels')],
  ['11 channels as repeated channels[]', () => multipart(scriptForm({ ...VALID, 'channels[]': channels(11) })), invalid('channels')],
  ['11 channels in one comma-separated field', () => multipart(scriptForm({ ...VALID, channels: channels(11).join(', ') })), invalid('channels')],
  ['a channel URL with a broken % escape', () => json({ ...VALID, channels: ['https://example.com/c/%E0%A4%A'] }), invalid('channels')],
  ['a channel URL naming a control character (%00)', () => multipart(scriptForm({ ...VALID, 'channels[]': 'https://example.com/c/%00' })), invalid('channels')],
  ['a text/plain body', () => raw('text/plain', 'playsname=x'), { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
  ['no body and no content type', () => ({}), { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
  [
    'an SVG image carrying a script',
    () => multipart(scriptForm(VALID, { bytes: SVG_WITH_SCRIPT, type: 'image/svg+xml', filename: 'evil.svg' })),
    { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' },
  ],
  [
    'an SVG declared as image/png and named .png',
    () => multipart(scriptForm(VALID, { bytes: SVG_WITH_SCRIPT, type: 'image/png', filename: 'innocent.png' })),
    { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' },
  ],
  [
    'a text file named .png',
    () => multipart(scriptForm(VALID, { bytes: TEXT_FILE, type: 'image/png', filename: 'picture.png' })),
    { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' },
  ],
  [
    'a PNG declared as image/gif and named .gif',
    (f) => multipart(scriptForm(VALID, { bytes: f.png, type: 'image/gif', filename: 'actually-a-png.gif' })),
    { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' },
  ],
  [
    'a JPEG declared as image/svg+xml',
    (f) => multipart(scriptForm(VALID, { bytes: f.jpeg, type: 'image/svg+xml', filename: 'photo.svg' })),
    { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' },
  ],
  [
    'a 6 MB image',
    (f) => multipart(scriptForm(VALID, { bytes: f.oversized, type: 'image/jpeg', filename: 'big.jpg' })),
    { status: 413, code: 'PAYLOAD_TOO_LARGE', field: 'image' },
  ],
  [
    'a 20000×20000 image',
    (f) => multipart(scriptForm(VALID, { bytes: f.huge, type: 'image/png', filename: 'huge.png' })),
    invalid('image'),
  ],
  [
    'a truncated JPEG',
    (f) => multipart(scriptForm(VALID, { bytes: f.truncated, type: 'image/jpeg', filename: 'half.jpg' })),
    invalid('image'),
  ],
  [
    'a second image file',
    (f) =>
      multipart(
        scriptForm(VALID, { bytes: f.png, type: 'image/png', filename: 'one.png' }, { bytes: f.jpeg, type: 'image/jpeg', filename: 'two.jpg' }),
      ),
    { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ],
  [
    'a second file field beside the image',
    (f) =>
      multipart(
        scriptForm(
          VALID,
          { bytes: f.png, type: 'image/png', filename: 'one.png' },
          { field: 'attachment', bytes: TEXT_FILE, type: 'text/plain', filename: 'notes.txt' },
        ),
      ),
    { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ],
  [
    'a file under another field name',
    (f) => multipart(scriptForm(VALID, { field: 'photo', bytes: f.png, type: 'image/png', filename: 'one.png' })),
    invalid('photo'),
  ],
  ['60 form fields (over the multipart field count)', () => multipart(scriptForm({ ...VALID, 'channels[]': channels(60) })), { status: 413, code: 'PAYLOAD_TOO_LARGE' }],
  ['a form field named __proto__', () => multipart(scriptForm({ ...VALID, ['__proto__']: 'x' })), { status: 400, code: 'BAD_REQUEST' }],
  [
    'a multipart body that ends without its closing boundary',
    () =>
      raw(
        `multipart/form-data; boundary=${BOUNDARY}`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="playsname"\r\n\r\nCut short`,
      ),
    { status: 400, code: 'BAD_REQUEST' },
  ],
  [
    'a multipart body that never contains its boundary',
    () => raw(`multipart/form-data; boundary=${BOUNDARY}`, 'playsname=Not+multipart+at+all&description=x'),
    { status: 400, code: 'BAD_REQUEST' },
  ],
  ['a multipart content type without a boundary', () => raw('multipart/form-data', 'playsname=x'), { status: 400, code: 'BAD_REQUEST' }],
  ['a multipart content type with an empty boundary', () => raw('multipart/form-data; boundary=', '--\r\n--\r\n'), { status: 400, code: 'BAD_REQUEST' }],
  // Busboy never finished these (a part with no Content-Disposition, 16–127 KB): the request went unanswered.
  ...[16_500, 20_000, 40_000, 100_000, 127_000].map(
    (size): Case => [
      `a ${Math.round(size / 1000)} KB part without Content-Disposition`,
      () =>
        raw(
          `multipart/form-data; boundary=${BOUNDARY}`,
          `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(size)}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="playsname"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        ),
      { status: 400, code: 'BAD_REQUEST' },
    ],
  ),
  [
    'a multipart boundary over 256 characters',
    () => raw(`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\nContent-Disposition: form-data; name="playsname"\r\n\r\nx\r\n--${'b'.repeat(300)}--\r\n`),
    { status: 400, code: 'BAD_REQUEST' },
  ],
  ['a JSON number as playsname', () => json({ ...VALID, playsname: 123 }), invalid('playsname')],
  ['a JSON array as description', () => json({ ...VALID, description: ['Farms', 'things'] }), invalid('description')],
  ['a JSON object as loadstring', () => json({ ...VALID, loadstring: { code: 'print(1)' } }), invalid('loadstring')],
  ['JSON null as playsname', () => json({ ...VALID, playsname: null }), invalid('playsname')],
  ['a JSON number as channels', () => json({ ...VALID, channels: 5 }), invalid('channels')],
  ['JSON numbers in the channels array', () => json({ ...VALID, channels: [1, 2] }), invalid('channels')],
  ['a javascript: channel in JSON', () => json({ ...VALID, channels: ['javascript:alert(1)'] }), invalid('channels')],
  ['11 channels in JSON', () => json({ ...VALID, channels: channels(11) }), invalid('channels')],
  ['a whitespace-only playsname in JSON', () => json({ ...VALID, playsname: ' \n ' }), invalid('playsname')],
  ['a JSON array body', () => json([VALID]), { status: 400, code: 'VALIDATION_FAILED' }],
  ['a JSON string body', () => json('playsname'), { status: 400, code: 'VALIDATION_FAILED' }],
  ...BODY_FAULTS,
  // The facts (docs/decisions/0013-games-and-script-facts.md#script-facts); the existing scripts have no key system and are not universal.
  ['an http: key link', () => json({ ...VALID, keySystem: true, keyLink: 'http://example.com/key' }), invalid('keyLink')],
  ['a javascript: key link', () => multipart(scriptForm({ ...VALID, keySystem: 'true', keyLink: 'javascript:alert(1)' })), invalid('keyLink')],
  ['a key link with keySystem=false', () => json({ ...VALID, keySystem: false, keyLink: 'https://example.com/key' }), invalid('keyLink')],
  ['a key link without a key system', () => multipart(scriptForm({ ...VALID, keyLink: 'https://example.com/key' })), invalid('keyLink')],
  ['a key link without a key system (JSON)', () => json({ ...VALID, keyLink: 'https://example.com/key' }), invalid('keyLink')],
  ['a 501-character key link', () => json({ ...VALID, keySystem: true, keyLink: `https://example.com/${'k'.repeat(481)}` }), invalid('keyLink')],
  ['a NUL byte in the key link', () => json({ ...VALID, keySystem: true, keyLink: 'https://example.com/\u0000' }), invalid('keyLink')],
  ['universal with a game', () => json({ ...VALID, universal: true, game: 'Some Game' }), invalid('game')],
  ['universal=true with a game as multipart', () => multipart(scriptForm({ ...VALID, universal: 'true', game: 'Some Game' })), invalid('game')],
  ['universal=yes', () => multipart(scriptForm({ ...VALID, universal: 'yes' })), invalid('universal')],
  ['keySystem=1', () => multipart(scriptForm({ ...VALID, keySystem: '1' })), invalid('keySystem')],
  ['patched=on (a checkbox without a value)', () => multipart(scriptForm({ ...VALID, patched: 'on' })), invalid('patched')],
  ['a string as universal in JSON', () => json({ ...VALID, universal: 'true' }), invalid('universal')],
  ['a number as patched in JSON', () => json({ ...VALID, patched: 1 }), invalid('patched')],
  ['null as game in JSON', () => json({ ...VALID, game: null }), invalid('game')],
  ['a NUL byte in the game', () => multipart(scriptForm({ ...VALID, game: 'Blox\u0000Fruits' })), invalid('game')],
  ['a NUL byte in the game (JSON)', () => json({ ...VALID, game: 'Blox\u0000Fruits' }), invalid('game')],
  ['an 81-character game', () => json({ ...VALID, game: 'g'.repeat(81) }), invalid('game')],
];

/** Faults only a create has: a required field left out. */
const CREATE_ONLY_FAULTS: Case[] = [
  ['a form without playsname', () => multipart(scriptForm(without('playsname'))), invalid('playsname')],
  ['a form without description', () => multipart(scriptForm(without('description'))), invalid('description')],
  ['a form without loadstring', () => multipart(scriptForm(without('loadstring'))), invalid('loadstring')],
  ['an empty form', () => multipart(scriptForm({})), invalid('playsname')],
  ['JSON without playsname', () => json(without('playsname')), invalid('playsname')],
  ['JSON without description', () => json(without('description')), invalid('description')],
  ['JSON without loadstring', () => json(without('loadstring')), invalid('loadstring')],
  ['an empty JSON object', () => json({}), invalid('playsname')],
];

const MODERATOR_FAULTS: Case[] = [
  ['no UserName', () => json({ Password: 'long-enough-password' }), invalid('UserName')],
  ['no Password', () => json({ UserName: 'new_moderator' }), invalid('Password')],
  ['an empty object', () => json({}), invalid('UserName')],
  ['a whitespace-only UserName', () => json({ UserName: '    ', Password: 'long-enough-password' }), invalid('UserName')],
  ['a 2-character UserName', () => json({ UserName: 'ab', Password: 'long-enough-password' }), invalid('UserName')],
  ['a 33-character UserName', () => json({ UserName: 'u'.repeat(33), Password: 'long-enough-password' }), invalid('UserName')],
  ['a UserName with a space', () => json({ UserName: 'new moderator', Password: 'long-enough-password' }), invalid('UserName')],
  ['a UserName with markup', () => json({ UserName: '<b>mod</b>', Password: 'long-enough-password' }), invalid('UserName')],
  ['a 7-character Password', () => json({ UserName: 'new_moderator', Password: 'short77' }), invalid('Password')],
  ['a 257-character Password', () => json({ UserName: 'new_moderator', Password: 'p'.repeat(257) }), invalid('Password')],
  ['a JSON number as UserName', () => json({ UserName: 12345, Password: 'long-enough-password' }), invalid('UserName')],
  ['a JSON array as Password', () => json({ UserName: 'new_moderator', Password: ['long-enough-password'] }), invalid('Password')],
  ['a JSON object as UserName', () => json({ UserName: { name: 'x' }, Password: 'long-enough-password' }), invalid('UserName')],
  ['JSON null as Password', () => json({ UserName: 'new_moderator', Password: null }), invalid('Password')],
  ['a JSON array body', () => json([{ UserName: 'new_moderator', Password: 'long-enough-password' }]), { status: 400, code: 'VALIDATION_FAILED' }],
  ['a multipart body (this call takes JSON)', () => multipart(scriptForm({ UserName: 'new_moderator', Password: 'long-enough-password' })), { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }],
  ...BODY_FAULTS.slice(0, 4),
];

function loginFaults(user: string, password: string): Case[] {
  return [
    [`no ${user}`, () => json({ [password]: 'some-password' }), invalid(user)],
    [`no ${password}`, () => json({ [user]: 'someone' }), invalid(password)],
    ['an empty object', () => json({}), invalid(user)],
    [`an empty ${password}`, () => json({ [user]: 'someone', [password]: '' }), invalid(password)],
    [`a whitespace-only ${user}`, () => json({ [user]: '   ', [password]: 'some-password' }), invalid(user)],
    [`a 65-character ${user}`, () => json({ [user]: 'u'.repeat(65), [password]: 'some-password' }), invalid(user)],
    [`a 257-character ${password}`, () => json({ [user]: 'someone', [password]: 'p'.repeat(257) }), invalid(password)],
    [`a JSON number as ${user}`, () => json({ [user]: 1, [password]: 'some-password' }), invalid(user)],
    [`a JSON object as ${password}`, () => json({ [user]: 'someone', [password]: { $ne: '' } }), invalid(password)],
    [`a JSON array as ${user}`, () => json({ [user]: ['admin'], [password]: 'some-password' }), invalid(user)],
    ['a JSON array body', () => json([]), { status: 400, code: 'VALIDATION_FAILED' }],
    ...BODY_FAULTS.slice(0, 4),
  ];
}

const SITE_CHANNEL_FAULTS: Case[] = [
  ['no name', () => json({ url: 'https://t.me/site_news' }), invalid('name')],
  ['no url', () => json({ name: 'Site news' }), invalid('url')],
  ['a whitespace-only name', () => json({ name: '  ', url: 'https://t.me/site_news' }), invalid('name')],
  ['a 65-character name', () => json({ name: 'n'.repeat(65), url: 'https://t.me/site_news' }), invalid('name')],
  ['a javascript:alert(1) url', () => json({ name: 'Site news', url: 'javascript:alert(1)' }), invalid('url')],
  ['an http://x url', () => json({ name: 'Site news', url: 'http://x' }), invalid('url')],
  ['a url that is not a URL', () => json({ name: 'Site news', url: 'not a url' }), invalid('url')],
  ['a data: url', () => json({ name: 'Site news', url: 'data:text/html,<script>alert(1)</script>' }), invalid('url')],
  ['an ftp: url', () => json({ name: 'Site news', url: 'ftp://files.example.com/x' }), invalid('url')],
  ['a 2001-character url', () => json({ name: 'Site news', url: `https://t.me/${'x'.repeat(1990)}` }), invalid('url')],
  ['a JSON number as name', () => json({ name: 5, url: 'https://t.me/site_news' }), invalid('name')],
  ['a JSON array as url', () => json({ name: 'Site news', url: ['https://t.me/site_news'] }), invalid('url')],
  ['a JSON array body', () => json([{ name: 'Site news', url: 'https://t.me/site_news' }]), { status: 400, code: 'VALIDATION_FAILED' }],
  ...BODY_FAULTS.slice(0, 4),
];

const BAD_IDS = ['abc', '0', '-1', '1.5', '1e3', '%20', '2147483648', '99999999999999', '01', '00', '+1', '0x1', '1%00'];

describe.each(dialects)('bad input to the staff write endpoints on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  let adminScriptId: number;
  let moderatorScriptId: number;
  let siteChannelId: number;
  let fixtures: Fixtures;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
    fixtures = {
      png: await sampleImage('png', { left: { r: 250, g: 200, b: 0 } }),
      jpeg: await sampleImage('jpeg', { right: { r: 0, g: 200, b: 100 } }),
      oversized: await oversizedJpeg(),
      huge: await hugeDimensionPng(),
      truncated: await truncatedJpeg(),
    };

    // Existing data with images and channels, so a bad request has rows and files it could disturb.
    const adminScript = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/ac',
      payload: scriptForm(
        { playsname: 'Existing admin script', description: 'Already here', loadstring: 'print("admin")', 'channels[]': ['@first', 'https://t.me/second'] },
        { bytes: await sampleImage('webp'), type: 'image/webp', filename: 'existing.webp' },
      ),
    });
    expect(adminScript.statusCode, adminScript.body).toBe(201);
    adminScriptId = adminScript.json().id;
    const moderatorScript = await injectAs(ctx, moderator, {
      method: 'POST',
      url: '/api/m',
      payload: scriptForm(
        { playsname: 'Existing moderator script', description: 'Mine', loadstring: 'print("mod")', channels: 't.me/mine' },
        { bytes: await sampleImage('gif'), type: 'image/gif', filename: 'existing.gif' },
      ),
    });
    expect(moderatorScript.statusCode, moderatorScript.body).toBe(201);
    moderatorScriptId = moderatorScript.json().id;
    const channel = await injectAs(ctx, admin, { method: 'POST', url: '/api/site-channels', payload: { name: 'Site news', url: 'https://t.me/site_news' } });
    expect(channel.statusCode, channel.body).toBe(201);
    siteChannelId = channel.json().id;
    expect(uploadsListing(ctx)).toHaveLength(4);
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** Sends the request and proves the answer's status and shape, and that nothing changed. */
  async function expectRejected(account: Account, options: InjectOptions, expected: Expected): Promise<LightMyRequestResponse> {
    const before = await snapshotState(ctx);
    const response = await injectAs(ctx, account, options);
    expect(response.statusCode, response.body).toBe(expected.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.code).toBe(expected.code);
    expect(typeof body.error).toBe('string');
    expect(body.error.trim()).not.toBe('');
    expect(body.error).not.toMatch(STACK_LINE);
    expect(['code', 'error', 'fields']).toEqual(expect.arrayContaining(Object.keys(body)));
    if (expected.field !== undefined) {
      expect(body.fields?.[expected.field], `fields.${expected.field} in ${response.body}`).toEqual(expect.stringMatching(/\S/));
    }
    expect(await snapshotState(ctx)).toEqual(before);
    return response;
  }

  const scriptEndpoints = [
    { name: 'POST /api/m (moderator)', method: 'POST', url: () => '/api/m', as: () => moderator, create: true },
    { name: 'POST /api/ac (admin)', method: 'POST', url: () => '/api/ac', as: () => admin, create: true },
    { name: 'PATCH /api/update-script/:id (admin)', method: 'PATCH', url: () => `/api/update-script/${adminScriptId}`, as: () => admin, create: false },
  ] as const;

  describe.each(scriptEndpoints)('$name', (endpoint) => {
    const cases = endpoint.create ? [...CREATE_ONLY_FAULTS, ...SCRIPT_FAULTS] : SCRIPT_FAULTS;
    it.each(cases)('rejects %s', async (_label, request, expected) => {
      await expectRejected(endpoint.as(), { method: endpoint.method, url: endpoint.url(), ...request(fixtures) }, expected);
    });
  });

  describe('verified is the admin’s alone', () => {
    it.each([
      ['verified=true as JSON', () => json({ ...VALID, verified: true })],
      ['verified=false as JSON', () => json({ ...VALID, verified: false })],
      ['verified=true as multipart', () => multipart(scriptForm({ ...VALID, verified: 'true' }))],
      ['verified=false with a new game as multipart', () => multipart(scriptForm({ ...VALID, game: 'Never Created Game', verified: 'false' }))],
    ])('a moderator sending %s gets 403 and nothing changes (no script, no game)', async (_label, request) => {
      await expectRejected(moderator, { method: 'POST', url: '/api/m', ...request() }, { status: 403, code: 'FORBIDDEN' });
    });
  });

  describe('an edit that changes nothing writes nothing: updated_at keeps its value', () => {
    it.each([
      ['an empty JSON object', () => json({})],
      ['a multipart body with no parts', () => raw(`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}--\r\n`)],
      ['an empty FormData', () => multipart(new FormData())],
    ])('%s answers 200 with the script as it is', async (_label, request) => {
      const before = await snapshotState(ctx);
      const response = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${adminScriptId}`, ...request() });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().id).toBe(adminScriptId);
      expect(await snapshotState(ctx)).toEqual(before);
    });

    it('resending the stored values and channels changes nothing either', async () => {
      const row = await ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', adminScriptId).executeTakeFirstOrThrow();
      const stored = await ctx.db.kysely.selectFrom('script_channels').select('url').where('script_id', '=', adminScriptId).orderBy('position').execute();
      const before = await snapshotState(ctx);
      const payload = {
        playsname: row.playsname,
        description: row.description,
        loadstring: row.loadstring,
        'channels[]': stored.map((channel) => channel.url),
        // The stored facts, sent back as they are.
        game: '',
        universal: 'false',
        keySystem: 'false',
        keyLink: '',
        patched: 'false',
        verified: 'false',
      };
      const response = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${adminScriptId}`, payload: scriptForm(payload) });
      expect(response.statusCode, response.body).toBe(200);
      expect(await snapshotState(ctx)).toEqual(before);
    });
  });

  describe('the same requests with good input do change things (the checks above could fail)', () => {
    it('a PNG with no declared type (application/octet-stream) and named .gif is accepted by its bytes and stored as WebP', async () => {
      const before = uploadsListing(ctx);
      const response = await injectAs(ctx, admin, {
        method: 'POST',
        url: '/api/ac',
        payload: scriptForm(VALID, { bytes: fixtures.png, type: 'application/octet-stream', filename: 'actually-a-png.gif' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const { image, imageCard } = response.json();
      expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      expect(imageCard).toMatch(/^\/uploads\/[a-f0-9]{32}-card\.webp$/);
      expect(uploadsListing(ctx)).toHaveLength(before.length + 2);
      const served = await ctx.app.inject({ method: 'GET', url: image });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    });

    it('a PNG rejected for its declared image/gif says what the file really is', async () => {
      const response = await injectAs(ctx, moderator, {
        method: 'POST',
        url: '/api/m',
        payload: scriptForm(VALID, { bytes: fixtures.png, type: 'image/gif', filename: 'actually-a-png.gif' }),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatch(/PNG image but was sent as image\/gif/);
    });

    it('a JPEG declared image/jpg (a common alias) and named .png is accepted: names are ignored', async () => {
      const response = await injectAs(ctx, moderator, {
        method: 'POST',
        url: '/api/m',
        payload: scriptForm(VALID, { bytes: fixtures.jpeg, type: 'image/jpg', filename: 'photo.png' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().image).toMatch(/\.webp$/);
    });

    it('fields at their exact limits, 10 channels and an image are accepted', async () => {
      const before = uploadsListing(ctx);
      const response = await injectAs(ctx, admin, {
        method: 'POST',
        url: '/api/ac',
        payload: scriptForm(
          {
            playsname: 'p'.repeat(SCRIPT_LIMITS.playsnameMax),
            description: 'd'.repeat(SCRIPT_LIMITS.descriptionMax),
            loadstring: 'l'.repeat(SCRIPT_LIMITS.loadstringMax),
            'channels[]': channels(10),
          },
          { bytes: await sampleImage('avif'), type: 'image/avif', filename: 'limit.avif' },
        ),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().channels).toHaveLength(10);
      expect(uploadsListing(ctx)).toHaveLength(before.length + 2);
    });

    it('an edit with good fields and an image changes the row and the files', async () => {
      const before = await snapshotState(ctx);
      const response = await injectAs(ctx, admin, {
        method: 'PATCH',
        url: `/api/update-script/${adminScriptId}`,
        payload: scriptForm({ playsname: 'Renamed' }, { bytes: await sampleImage('jpeg', { left: { r: 0, g: 0, b: 0 } }), type: 'image/jpeg', filename: 'x.jpg' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().playsname).toBe('Renamed');
      const after = await snapshotState(ctx);
      expect(after.rows.scripts).not.toEqual(before.rows.scripts);
      expect(after.uploads).not.toEqual(before.uploads);
    });
  });

  describe('POST /api/createModerator', () => {
    it.each(MODERATOR_FAULTS)('rejects %s', async (_label, request, expected) => {
      await expectRejected(admin, { method: 'POST', url: '/api/createModerator', ...request(fixtures) }, expected);
    });

    it('rejects an existing username in another case with 409 naming UserName', async () => {
      await expectRejected(
        admin,
        { method: 'POST', url: '/api/createModerator', payload: { UserName: moderator.username.toUpperCase(), Password: 'long-enough-password' } },
        { status: 409, code: 'CONFLICT', field: 'UserName' },
      );
    });
  });

  describe('POST /api/login (moderator)', () => {
    it.each(loginFaults('UserName', 'Password'))('rejects %s without counting a failed login', async (_label, request, expected) => {
      await expectRejected(moderator, { method: 'POST', url: '/api/login', ...request(fixtures) }, expected);
    });
  });

  describe('POST /api/al (admin)', () => {
    it.each(loginFaults('username', 'password'))('rejects %s without counting a failed login', async (_label, request, expected) => {
      await expectRejected(admin, { method: 'POST', url: '/api/al', ...request(fixtures) }, expected);
    });
  });

  describe('POST /api/site-channels', () => {
    it.each(SITE_CHANNEL_FAULTS)('rejects %s', async (_label, request, expected) => {
      await expectRejected(admin, { method: 'POST', url: '/api/site-channels', ...request(fixtures) }, expected);
    });
  });

  const idEndpoints = [
    { name: 'DELETE /api/m/:id (moderator)', method: 'DELETE', path: '/api/m/', as: () => moderator },
    { name: 'DELETE /api/ad/:id (admin)', method: 'DELETE', path: '/api/ad/', as: () => admin },
    { name: 'DELETE /api/delete-moderator/:id (admin)', method: 'DELETE', path: '/api/delete-moderator/', as: () => admin },
    { name: 'DELETE /api/site-channels/:id (admin)', method: 'DELETE', path: '/api/site-channels/', as: () => admin },
    { name: 'PATCH /api/update-script/:id (admin)', method: 'PATCH', path: '/api/update-script/', as: () => admin },
  ] as const;

  describe.each(idEndpoints)('$name', (endpoint) => {
    const body = endpoint.method === 'PATCH' ? { payload: { playsname: 'Should not land' } } : {};

    it.each(BAD_IDS)('rejects the id %s with 400 naming id', async (id) => {
      await expectRejected(endpoint.as(), { method: endpoint.method, url: `${endpoint.path}${id}`, ...body }, invalid('id'));
    });

    it('rejects a leading-zero spelling of an existing id with 400, leaving that row alone', async () => {
      const existing = { '/api/m/': moderatorScriptId, '/api/ad/': adminScriptId, '/api/update-script/': adminScriptId, '/api/delete-moderator/': moderator.id, '/api/site-channels/': siteChannelId }[endpoint.path];
      await expectRejected(endpoint.as(), { method: endpoint.method, url: `${endpoint.path}000${existing}`, ...body }, invalid('id'));
    });

    it('answers 404 for a well-formed id that does not exist', async () => {
      await expectRejected(endpoint.as(), { method: endpoint.method, url: `${endpoint.path}2147483647`, ...body }, { status: 404, code: 'NOT_FOUND' });
    });
  });

  it("answers 404 when a moderator deletes the admin's script, and keeps it", async () => {
    await expectRejected(moderator, { method: 'DELETE', url: `/api/m/${adminScriptId}` }, { status: 404, code: 'NOT_FOUND' });
  });

  it('the delete endpoints do delete with a good id (the checks above could fail)', async () => {
    const before = uploadsListing(ctx);
    const scriptAnswer = await injectAs(ctx, moderator, { method: 'DELETE', url: `/api/m/${moderatorScriptId}` });
    expect(scriptAnswer.statusCode, scriptAnswer.body).toBe(200);
    expect(uploadsListing(ctx)).toHaveLength(before.length - 2);
    const channelAnswer = await injectAs(ctx, admin, { method: 'DELETE', url: `/api/site-channels/${siteChannelId}` });
    expect(channelAnswer.statusCode, channelAnswer.body).toBe(200);
    expect(await ctx.db.kysely.selectFrom('site_channels').selectAll().execute()).toEqual([]);
  });
});
