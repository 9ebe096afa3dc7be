import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteChannelInputSchema } from '../../../contract/channels.ts';
import { scriptFieldsSchema } from '../../../contract/script-form.ts';
import type { Game } from '../../../contract/games.ts';
import { gamePage } from '../admin/api/games.ts';
import { toGameFormData } from '../admin/lib/game-form.ts';
import { executorFormSchema, initialExecutorValues, toExecutorBody, toExecutorPatch } from '../admin/lib/executor-form.ts';
import { legacySectionPath, sectionOf } from '../admin/sections.ts';
import { gameNamed, gameOptions, matchGames } from './api/games.ts';
import { executorChoices } from './api/executors.ts';
import type { Executor } from '../../../contract/executors.ts';
import { ApiError, isSessionError, requestTimeoutMs, TIMEOUT_SETTING_KEY } from './api/client.ts';
import { canonicalKeys, listScriptSchema, pagedPath } from './api/scripts.ts';
import { serverFieldErrors, zodFieldErrors } from './lib/form.ts';
import { dayText, daySummary } from './lib/days.ts';
import { channelToText, checkScriptForm, initialValues, isAcceptedImageType, scriptFormSchema, toFormData, type ScriptFormValues } from './lib/script-form.ts';
import { clip, splitChannels } from './lib/text.ts';
import { wordInRussian } from './lib/wording.ts';
import { STAFF_TEXTS } from './panel-texts.ts';

// The staff panels' pure logic, imported from web/ and run without a browser.

const values = (overrides: Partial<ScriptFormValues> = {}): ScriptFormValues => ({
  playsname: 'Hub',
  description: 'About',
  loadstring: 'loadstring()',
  channels: '',
  image: null,
  game: '',
  universal: false,
  keySystem: false,
  keyLink: '',
  patched: false,
  verified: false,
  executors: [],
  types: [],
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

  it('counts a list item’s message (`executors[].1`, `executors.0`) for its list', () => {
    const names = ['playsname', 'executors'] as const;
    const aliases = { 'executors[]': 'executors' } as const;
    expect(serverFieldErrors(new ApiError('http', 400, 'x', 'VALIDATION_FAILED', { 'executors[].1': 'Unknown executor "nope"' }), names, aliases)).toEqual({ executors: 'Unknown executor "nope"' });
    expect(serverFieldErrors(new ApiError('http', 400, 'x', 'VALIDATION_FAILED', { 'executors.0': 'bad slug' }), names, aliases)).toEqual({ executors: 'bad slug' });
    expect(serverFieldErrors(new ApiError('http', 400, 'x', 'VALIDATION_FAILED', { executors: 'Unknown executor "nope"' }), names, aliases)).toEqual({ executors: 'Unknown executor "nope"' });
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
    expect(row).toEqual({
      id: 7,
      playsname: 'Hub',
      description: '',
      loadstring: 'l',
      image: null,
      imageCard: null,
      createdAt: '2026-01-01T00:00:00Z',
      channels: [{ id: 1, name: 'a', url: 'https://t.me/a' }],
      // Facts left out: none and false.
      game: null,
      universal: false,
      keySystem: false,
      keyLink: null,
      patched: false,
      verified: false,
      mayBePatched: false,
      hidden: false,
      executors: [],
      types: [],
    });
  });

  it('reads the facts as the server sends them', () => {
    const row = listScriptSchema.parse({
      id: 1,
      playsname: 'Hub',
      loadstring: 'l',
      createdAt: '2026-01-01T00:00:00Z',
      game: { id: 3, name: 'Blox Fruits', slug: 'blox-fruits' },
      universal: false,
      keySystem: true,
      keyLink: 'https://keys.example/get',
      patched: true,
      verified: true,
    });
    expect(row).toMatchObject({ game: { id: 3, name: 'Blox Fruits', slug: 'blox-fruits' }, keySystem: true, keyLink: 'https://keys.example/get', patched: true, verified: true });
  });
});

describe('admin sections', () => {
  it('reads the section from the path; the dashboard itself is the Overview', () => {
    expect(sectionOf('/admin/dashboard')).toBe('overview');
    expect(sectionOf('/admin/dashboard/scripts')).toBe('scripts');
    expect(sectionOf('/admin/dashboard/games')).toBe('games');
    expect(sectionOf('/admin/dashboard/executors')).toBe('executors');
    expect(sectionOf('/admin/dashboard/moderators')).toBe('moderators');
    expect(sectionOf('/admin/dashboard/site-channels/')).toBe('site-channels');
    expect(sectionOf('/admin/dashboard/nonsense')).toBe('overview');
  });

  it('sends an old ?section= address to its path', () => {
    expect(legacySectionPath(new URL('http://x/admin/dashboard?section=scripts'))).toBe('/admin/dashboard/scripts');
    expect(legacySectionPath(new URL('http://x/admin/dashboard?section=moderators'))).toBe('/admin/dashboard/moderators');
    expect(legacySectionPath(new URL('http://x/admin/dashboard?section=nope'))).toBe(null);
    expect(legacySectionPath(new URL('http://x/admin/dashboard'))).toBe(null);
  });
});

const game = (id: number, name: string, slug: string, scripts = 0): Game => ({ id, name, slug, placeId: null, icon: null, scripts });
const GAMES = [game(1, 'Blox Fruits', 'blox-fruits', 9), game(2, 'Brookhaven RP', 'brookhaven-rp', 5), game(3, 'Arsenal', 'arsenal', 2), game(4, 'Fruit Battlegrounds', 'fruit-battlegrounds')];

describe('the script form’s facts', () => {
  it('create sends only the facts that are set, as the contract’s multipart fields', () => {
    expect(entries(toFormData(values())).filter(([key]) => !['playsname', 'description', 'loadstring'].includes(key as string))).toEqual([]);
    const form = toFormData(values({ game: '  Blox Fruits ', keySystem: true, keyLink: ' https://keys.example/get ', patched: true, verified: true }));
    expect(entries(form).slice(3)).toEqual([
      ['game', 'Blox Fruits'],
      ['keySystem', 'true'],
      ['keyLink', 'https://keys.example/get'],
      ['patched', 'true'],
      ['verified', 'true'],
    ]);
  });

  it('a universal script sends no game; a key link without a key system is not sent', () => {
    const form = toFormData(values({ game: 'Blox Fruits', universal: true, keyLink: 'https://keys.example/get' }));
    expect(form.get('universal')).toBe('true');
    expect(form.has('game')).toBe(false);
    expect(form.has('keyLink')).toBe(false);
  });

  it('edit sends only what changed: clearing the game sends it blank, switching the key system off sends false and a blank link', () => {
    const edited = { channels: [], game: { id: 1, name: 'Blox Fruits', slug: 'blox-fruits' }, universal: false, keySystem: true, keyLink: 'https://keys.example/get', patched: false, verified: true };
    const same = initialValues({ id: 1, playsname: 'Hub', description: 'About', loadstring: 'loadstring()', image: null, imageCard: null, ...edited });
    expect(entries(toFormData(same, edited)).filter(([key]) => !['playsname', 'description', 'loadstring'].includes(key as string))).toEqual([]);
    const changed = toFormData({ ...same, game: '', keySystem: false, verified: false }, edited);
    expect(entries(changed).slice(3)).toEqual([
      ['game', ''],
      ['keySystem', 'false'],
      ['keyLink', ''],
      ['verified', 'false'],
    ]);
  });

  it('checks the game and the key link with the contract’s messages, only as they will be sent', () => {
    const bad = checkScriptForm(values({ keySystem: true, keyLink: 'http://keys.example', game: 'x'.repeat(81) }));
    if (bad.success) throw new Error('expected a failure');
    expect(zodFieldErrors(bad.error, STAFF_TEXTS.admin.word)).toEqual({ game: 'Game must be at most 80 characters', keyLink: 'Key link must be an https:// URL' });
    expect(zodFieldErrors(bad.error, wordInRussian)).toEqual({ game: 'Не более 80 символов', keyLink: 'Укажите ссылку, которая начинается с https://' });
    // Hidden (key system off) or cleared (universal): not checked.
    expect(checkScriptForm(values({ keyLink: 'http://keys.example', universal: true, game: 'x'.repeat(81) })).success).toBe(true);
  });
});

const executor = (slug: string, name: string, status: Executor['status'] = 'working'): Executor => ({
  id: slug.length,
  name,
  slug,
  platforms: ['windows'],
  status,
  version: null,
  website: null,
  free: true,
  statusChangedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the script form’s executors (issue 27)', () => {
  const executorParts = (form: FormData) => entries(form).filter(([key]) => key === 'executors[]');
  const edited = (executors: string[]) => ({ channels: [], executors });

  it('create sends each chosen executor as a repeated executors[], in slug order, and nothing when none is chosen', () => {
    expect(executorParts(toFormData(values({ executors: ['synapse-z', 'delta'] })))).toEqual([
      ['executors[]', 'delta'],
      ['executors[]', 'synapse-z'],
    ]);
    expect(executorParts(toFormData(values()))).toEqual([]);
  });

  it('edit sends the executors only when the set changed; emptied, one empty part', () => {
    expect(executorParts(toFormData(values({ executors: ['delta', 'krnl'] }), edited(['krnl', 'delta'])))).toEqual([]);
    expect(executorParts(toFormData(values({ executors: ['delta'] }), edited(['krnl', 'delta'])))).toEqual([['executors[]', 'delta']]);
    expect(executorParts(toFormData(values({ executors: [] }), edited(['krnl'])))).toEqual([['executors[]', '']]);
    // A script whose answer carries no executors is edited as one tested with none.
    expect(executorParts(toFormData(values({ executors: [] }), { channels: [] }))).toEqual([]);
  });

  it('prefills the edit form from the staff script’s executors', () => {
    const script = { id: 1, playsname: 'Hub', description: 'About', loadstring: 'l', image: null, imageCard: null, channels: [], game: null, universal: false, keySystem: false, keyLink: null, patched: false, verified: false };
    expect(initialValues({ ...script, executors: ['synapse-z', 'delta', 'delta'] }).executors).toEqual(['delta', 'synapse-z']);
    expect(initialValues(script).executors).toEqual([]);
    expect(initialValues().executors).toEqual([]);
  });

  it('refuses more than SCRIPT_EXECUTORS_MAX, in each panel’s words', () => {
    const many = values({ executors: Array.from({ length: 21 }, (_, i) => `executor-${i}`) });
    const bad = checkScriptForm(many);
    if (bad.success) throw new Error('expected a failure');
    expect(zodFieldErrors(bad.error, STAFF_TEXTS.admin.word)).toEqual({ executors: 'At most 20 executors' });
    expect(zodFieldErrors(bad.error, wordInRussian)).toEqual({ executors: 'Не более 20 экзекьюторов' });
    expect(checkScriptForm(values({ executors: Array.from({ length: 20 }, (_, i) => `executor-${i}`) })).success).toBe(true);
  });

  it('reads the staff script’s executors tolerantly: any key case, left out as none', () => {
    const base = { id: 1, playsname: 'Hub', loadstring: 'l', createdAt: '2026-01-01T00:00:00Z' };
    expect(listScriptSchema.parse({ ...base, Executors: ['delta'] }).executors).toEqual(['delta']);
    expect(listScriptSchema.parse({ ...base, executors: null }).executors).toEqual([]);
    expect(listScriptSchema.parse(base).executors).toEqual([]);
    expect(listScriptSchema.safeParse({ ...base, executors: [3] }).success).toBe(false);
  });

  it('offers every executor of the list, then any chosen slug the list lacks, so an edit never drops an unseen mark', () => {
    const list = [executor('delta', 'Delta'), executor('krnl', 'Krnl', 'patched')];
    expect(executorChoices(list, ['krnl', 'gone'])).toEqual([
      { slug: 'delta', name: 'Delta', status: 'working' },
      { slug: 'krnl', name: 'Krnl', status: 'patched' },
      { slug: 'gone', name: 'gone', status: null },
    ]);
    expect(executorChoices([], [])).toEqual([]);
  });
});

describe('games in the panels', () => {
  it('matches names and slugs as typed, those starting with the text first', () => {
    expect(matchGames(GAMES, 'fruit').map((g) => g.id)).toEqual([4, 1]);
    expect(matchGames(GAMES, '  BROOK ').map((g) => g.id)).toEqual([2]);
    expect(matchGames(GAMES, '', 2).map((g) => g.id)).toEqual([1, 2]);
    expect(gameNamed(GAMES, 'blox fruits')?.id).toBe(1);
    expect(gameNamed(GAMES, 'arsenal')?.id).toBe(3);
    expect(gameNamed(GAMES, 'Arsenal 2')).toBeUndefined();
  });

  it('offers the typed text as a new game unless a game has that name', () => {
    expect(gameOptions(GAMES, 'Doors')).toEqual([{ kind: 'new', name: 'Doors' }]);
    expect(gameOptions(GAMES, 'ARSENAL')).toEqual([{ kind: 'game', game: GAMES[2] }]);
    expect(gameOptions(GAMES, 'fruit ').map((o) => (o.kind === 'game' ? o.game.id : o.name))).toEqual([4, 1, 'fruit']);
  });

  it('pages the admin’s games by 10 after the search', () => {
    const many = Array.from({ length: 23 }, (_, i) => game(i + 1, `Game ${i + 1}`, `game-${i + 1}`));
    expect(gamePage(many, { page: 3, q: '' })).toEqual({ items: many.slice(20), total: 23 });
    expect(gamePage(many, { page: 1, q: 'game 2' }).items.map((g) => g.id)).toEqual([2, 20, 21, 22, 23]);
  });

  it('a game’s form sends the name, the place id and the icon; an edit only what changed', () => {
    const icon = new File(['png'], 'icon.png', { type: 'image/png' });
    expect(entries(toGameFormData({ name: ' Doors ', placeId: '', icon, removeIcon: false }))).toEqual([
      ['name', 'Doors'],
      ['icon', 'file:icon.png'],
    ]);
    const edited = { id: 1, name: 'Doors', slug: 'doors', placeId: '6516141723', icon: '/uploads/a.webp' };
    expect(entries(toGameFormData({ name: 'Doors', placeId: '6516141723', icon: null, removeIcon: false }, edited))).toEqual([]);
    expect(entries(toGameFormData({ name: 'Doors 2', placeId: '', icon: null, removeIcon: true }, edited))).toEqual([
      ['name', 'Doors 2'],
      ['placeId', ''],
      ['removeIcon', 'true'],
    ]);
  });
});

describe('the admin’s executor form', () => {
  const executor = {
    id: 7,
    name: 'Delta',
    slug: 'delta',
    platforms: ['windows', 'android'] as ('windows' | 'android')[],
    status: 'working' as const,
    version: '2.1',
    website: null,
    free: true,
    statusChangedAt: '2026-06-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
  };

  it('a create sends every field, a blank slug left out for the server to make, the platforms in their order', () => {
    const values = { ...initialExecutorValues(), name: 'Arceus X', platforms: ['ios' as const, 'android' as const], version: '' };
    expect(toExecutorBody(values)).toEqual({ name: 'Arceus X', platforms: ['android', 'ios'], status: 'working', version: '', website: '', free: false });
    expect(executorFormSchema.safeParse(toExecutorBody(values)).success).toBe(true);
    expect(executorFormSchema.safeParse(toExecutorBody({ ...values, platforms: [] })).error?.issues[0]?.path).toEqual(['platforms']);
    expect(executorFormSchema.safeParse(toExecutorBody({ ...values, website: 'http://x.example' })).error?.issues[0]?.path).toEqual(['website']);
  });

  it('an edit sends only what changed: a blanked version clears it, a blanked slug keeps it', () => {
    const unchanged = initialExecutorValues(executor);
    expect(toExecutorPatch(unchanged, executor)).toEqual({});
    expect(toExecutorPatch({ ...unchanged, slug: '', version: '', status: 'patched', platforms: ['android', 'windows'] }, executor)).toEqual({ version: '', status: 'patched' });
    expect(toExecutorPatch({ ...unchanged, platforms: ['windows'], free: false, website: 'https://delta.example' }, executor)).toEqual({ platforms: ['windows'], free: false, website: 'https://delta.example' });
  });
});

describe('day charts in words', () => {
  it('writes days as the panels do and sums a chart up', () => {
    expect(dayText('2026-11-05')).toBe('05.11.2026');
    expect(dayText('2026-11-05', true)).toBe('05.11');
    expect(daySummary([{ day: '2026-11-01', value: 3 }, { day: '2026-11-02', value: 7 }, { day: '2026-11-03', value: 7 }])).toEqual({ total: 17, days: 3, peak: 7, peakDay: '2026-11-03' });
    expect(daySummary([{ day: '2026-11-01', value: 0 }])).toEqual({ total: 0, days: 1, peak: 0, peakDay: null });
  });
});
