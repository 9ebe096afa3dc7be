import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteChannelInputSchema } from '../../contract/channels.ts';
import { scriptFieldsSchema } from '../../contract/script-form.ts';
import { legacySectionPath, sectionOf } from '../../web/features/admin/sections.ts';
import { ApiError, isSessionError, requestTimeoutMs, TIMEOUT_SETTING_KEY } from '../../web/features/staff/api/client.ts';
import { canonicalKeys, listScriptSchema, pagedPath } from '../../web/features/staff/api/scripts.ts';
import { serverFieldErrors, zodFieldErrors } from '../../web/features/staff/lib/form.ts';
import { channelToText, isAcceptedImageType, scriptFormSchema, toFormData, type ScriptFormValues } from '../../web/features/staff/lib/script-form.ts';
import { clip, splitChannels } from '../../web/features/staff/lib/text.ts';
import { STAFF_TEXTS, wordInRussian } from '../../web/features/staff/texts.ts';

// The staff panels' pure logic, imported from web/ and run without a browser.

const values = (overrides: Partial<ScriptFormValues> = {}): ScriptFormValues => ({
  playsname: 'Hub',
  description: 'About',
  loadstring: 'loadstring()',
  channels: '',
  image: null,
  ...overrides,
});
const channel = (id: number, name: string, url = `https://t.me/${name}`) => ({ id, name, url });
const entries = (form: FormData) => [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]);

describe('clip', () => {
  it('keeps text within the limit as it is (trimmed)', () => {
    expect(clip('  short  ', 10)).toBe('short');
    expect(clip('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('cuts longer text to `max` code points and adds "…"', () => {
    expect(clip('x'.repeat(101), 100)).toBe(`${'x'.repeat(100)}…`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = '😀'.repeat(5);
    expect(clip(text, 3)).toBe('😀😀😀…');
    expect(Array.from(clip(text, 3))).toHaveLength(4);
  });

  it('drops the space before the cut', () => {
    expect(clip('abc def', 4)).toBe('abc…');
  });
});

describe('splitChannels', () => {
  it('splits on commas, trims, drops empty entries', () => {
    expect(splitChannels(' @a , , https://t.me/b ,')).toEqual(['@a', 'https://t.me/b']);
    expect(splitChannels(' , ')).toEqual([]);
  });
});

describe('toFormData', () => {
  it('create: trimmed text fields, blank ones left out, channels as repeated channels[], the image', () => {
    const image = new File(['png'], 'cover.png', { type: 'image/png' });
    const form = toFormData(values({ playsname: '  Hub  ', description: '   ', channels: ' @a, https://t.me/b ,', image }));
    expect(entries(form)).toEqual([
      ['playsname', 'Hub'],
      ['loadstring', 'loadstring()'],
      ['channels[]', '@a'],
      ['channels[]', 'https://t.me/b'],
      ['image', 'file:cover.png'],
    ]);
  });

  it('create without channels sends none', () => {
    expect(toFormData(values()).getAll('channels[]')).toEqual([]);
  });

  it('edit with the channels unchanged sends no channels[] (their ids, and visitors’ flags, stay)', () => {
    const edited = { channels: [channel(1, 'a'), channel(2, 'b', 'https://example.com/b')] };
    expect(toFormData(values({ channels: '@a, https://example.com/b' }), edited).getAll('channels[]')).toEqual([]);
    // Spacing and a trailing comma are no change.
    expect(toFormData(values({ channels: ' @a ,https://example.com/b, ' }), edited).getAll('channels[]')).toEqual([]);
  });

  it('edit with a channel added or removed sends the whole new list', () => {
    const edited = { channels: [channel(1, 'a'), channel(2, 'b')] };
    expect(toFormData(values({ channels: '@a, @b, @c' }), edited).getAll('channels[]')).toEqual(['@a', '@b', '@c']);
    expect(toFormData(values({ channels: '@b' }), edited).getAll('channels[]')).toEqual(['@b']);
    // The order is the list's order: a reorder is a change.
    expect(toFormData(values({ channels: '@b, @a' }), edited).getAll('channels[]')).toEqual(['@b', '@a']);
  });

  it('edit with every channel removed sends one empty channels[] (which clears them)', () => {
    expect(toFormData(values({ channels: ' , ' }), { channels: [channel(1, 'a')] }).getAll('channels[]')).toEqual(['']);
  });

  it('edit of a script without channels that stays without sends none', () => {
    expect(toFormData(values({ channels: '' }), { channels: [] }).getAll('channels[]')).toEqual([]);
  });
});

describe('channelToText', () => {
  it('writes a Telegram handle as @name and any other link as its URL', () => {
    expect(channelToText(channel(1, 'news'))).toBe('@news');
    expect(channelToText(channel(1, 'news', 'https://example.com/news'))).toBe('https://example.com/news');
  });
});

describe('the script form schema', () => {
  it('is the contract’s scriptFieldsSchema plus channels and image', () => {
    for (const key of Object.keys(scriptFieldsSchema.shape)) expect(scriptFormSchema.shape).toHaveProperty(key);
    expect(scriptFormSchema.safeParse(values()).success).toBe(true);
  });

  it('refuses more than 10 channels, worded per panel', () => {
    const parsed = scriptFormSchema.safeParse(values({ channels: Array.from({ length: 11 }, (_, i) => `@c${i}`).join(',') }));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodFieldErrors(parsed.error, wordInRussian)).toEqual({ channels: 'Не более 10 каналов' });
    expect(zodFieldErrors(parsed.error, STAFF_TEXTS.admin.word)).toEqual({ channels: 'At most 10 channels' });
  });

  it('accepts only the image types the server decodes', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'].every(isAcceptedImageType)).toBe(true);
    expect(isAcceptedImageType('image/svg+xml')).toBe(false);
    expect(isAcceptedImageType('text/plain')).toBe(false);
    expect(isAcceptedImageType('')).toBe(false);
  });
});

describe('zod issues in the panel’s words', () => {
  it('the moderator panel: required and too long in Russian, the first issue per field', () => {
    const parsed = scriptFieldsSchema.safeParse({ playsname: '', description: 'x'.repeat(5_001), loadstring: undefined });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodFieldErrors(parsed.error, wordInRussian)).toEqual({
      playsname: 'Обязательное поле',
      description: `Не более ${new Intl.NumberFormat('ru-RU').format(5_000)} символов`,
      loadstring: 'Обязательное поле',
    });
  });

  it('the admin panel: the contract’s message, except the site channel’s https rule', () => {
    const fields = scriptFieldsSchema.safeParse({ playsname: '', description: 'd', loadstring: 'l' });
    if (fields.success) throw new Error('expected a failure');
    expect(zodFieldErrors(fields.error, STAFF_TEXTS.admin.word)).toEqual({ playsname: 'Script Name is required' });
    const channelInput = siteChannelInputSchema.safeParse({ name: 'News', url: 'http://t.me/news' });
    if (channelInput.success) throw new Error('expected a failure');
    expect(zodFieldErrors(channelInput.error, STAFF_TEXTS.admin.word).url).toBe('Enter a full link that starts with https://, for example https://t.me/channel');
  });

  it('without a wording, the schema’s own message', () => {
    const parsed = z.object({ a: z.string().min(2, 'too short') }).safeParse({ a: 'x' });
    if (parsed.success) throw new Error('expected a failure');
    expect(zodFieldErrors(parsed.error)).toEqual({ a: 'too short' });
  });
});

describe('serverFieldErrors', () => {
  it('keeps the fields the form has, by name or alias, the first message each', () => {
    const error = new ApiError('http', 400, 'channels: bad', 'VALIDATION_FAILED', { 'channels[]': 'bad channel', playsname: 'too long', other: 'x' });
    expect(serverFieldErrors(error, ['playsname', 'channels'] as const, { 'channels[]': 'channels' })).toEqual({ channels: 'bad channel', playsname: 'too long' });
  });

  it('answers nothing for failures that are not the server’s field errors', () => {
    expect(serverFieldErrors(new ApiError('timeout', 0, undefined), ['a'])).toEqual({});
    expect(serverFieldErrors(new Error('boom'), ['a'])).toEqual({});
  });
});

describe('the staff API client', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('times out after the product’s 10 s unless the setting lowers it', () => {
    expect(requestTimeoutMs()).toBe(10_000);
    const stored = new Map<string, string>();
    const localStorage = { getItem: (key: string) => stored.get(key) ?? null };
    (globalThis as { window?: unknown }).window = { localStorage };
    stored.set(TIMEOUT_SETTING_KEY, '1000');
    expect(requestTimeoutMs()).toBe(1_000);
    for (const bad of ['0', '50', 'soon', '1.5', '999999']) {
      stored.set(TIMEOUT_SETTING_KEY, bad);
      expect(requestTimeoutMs(), bad).toBe(10_000);
    }
  });

  it('ends a moderator session on 401 and an admin session on 401 or 403', () => {
    const status = (code: number) => new ApiError('http', code, undefined);
    expect(isSessionError(status(401), 'moderator')).toBe(true);
    expect(isSessionError(status(403), 'moderator')).toBe(false);
    expect(isSessionError(status(403), 'admin')).toBe(true);
    expect(isSessionError(status(500), 'admin')).toBe(false);
    expect(isSessionError(new ApiError('timeout', 0, undefined), 'admin')).toBe(false);
  });

  it('asks for a page with limit, offset and the search', () => {
    expect(pagedPath('/api/m/scripts', { page: 3, q: '' })).toBe('/api/m/scripts?limit=10&offset=20');
    expect(pagedPath('/api/scripts', { page: 1, q: 'fruit farm' })).toBe('/api/scripts?limit=10&offset=0&q=fruit+farm');
  });
});

describe('canonicalKeys and the tolerant list schema', () => {
  it('renames keys matched case-insensitively, an exact spelling winning, others dropped', () => {
    const rename = canonicalKeys(['id', 'imageCard']);
    expect(rename({ ID: 1, imagecard: 'a', extra: true })).toEqual({ id: 1, imageCard: 'a' });
    expect(rename({ IMAGECARD: 'loses', imageCard: 'wins' })).toEqual({ imageCard: 'wins' });
    expect(rename({ imageCard: 'wins', IMAGECARD: 'loses' })).toEqual({ imageCard: 'wins' });
    expect(rename([1, 2])).toEqual([1, 2]);
    expect(rename(null)).toBe(null);
  });

  it('reads a script row with other capitalisations and missing optional parts', () => {
    const row = listScriptSchema.parse({ ID: 7, PlaysName: 'Hub', Loadstring: 'l', CreatedAt: '2026-01-01T00:00:00Z', Channels: [{ Id: 1, NAME: 'a', url: 'https://t.me/a' }] });
    expect(row).toEqual({ id: 7, playsname: 'Hub', description: '', loadstring: 'l', image: null, imageCard: null, createdAt: '2026-01-01T00:00:00Z', channels: [{ id: 1, name: 'a', url: 'https://t.me/a' }] });
  });
});

describe('admin sections', () => {
  it('reads the section from the path; the dashboard itself is Scripts', () => {
    expect(sectionOf('/admin/dashboard')).toBe('scripts');
    expect(sectionOf('/admin/dashboard/moderators')).toBe('moderators');
    expect(sectionOf('/admin/dashboard/site-channels/')).toBe('site-channels');
    expect(sectionOf('/admin/dashboard/nonsense')).toBe('scripts');
  });

  it('sends an old ?section= address to its path', () => {
    expect(legacySectionPath(new URL('http://x/admin/dashboard?section=moderators'))).toBe('/admin/dashboard/moderators');
    expect(legacySectionPath(new URL('http://x/admin/dashboard?section=nope'))).toBe(null);
    expect(legacySectionPath(new URL('http://x/admin/dashboard'))).toBe(null);
  });
});
