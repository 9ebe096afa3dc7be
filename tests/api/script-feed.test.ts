import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { linkTags } from '../helpers/html.ts';
import { scriptForm } from '../helpers/staff.ts';

/**
 * A script's Atom feed of its loader updates (issue 28, item 5; needs `npm run build`): one entry per
 * version, newest first, whose content is the update's plain sentences; the page links it; a stale
 * slug moves to the canonical address; an unknown, hidden, deleted or malformed id is a 404, never a 500.
 */

const SITE_URL = 'https://scripts.example';
const LOADER_MARK = 'FEED_LOADER_MARK';
const HUB = `-- ${LOADER_MARK}\nloadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub.lua"))()`;
const PASTE = 'loadstring(game:HttpGet("https://pastebin.com/raw/demo0000"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = "stats" })';

type Entry = { id: string; title: string; updated: string; link: { '@_rel': string; '@_href': string }[]; content: { '#text': string; '@_type': string } };
type Feed = { '@_xmlns': string; id: string; title: string; updated: string; author: { name: string }; link: { '@_rel': string; '@_href': string; '@_type': string }[]; entry?: Entry[] };

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link'].includes(name) });

/** The list items of an entry's HTML content, as a feed reader shows them. */
function sentencesOf(entry: Entry | undefined): string[] {
  const html = entry?.content['#text'] ?? '';
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => (match[1] as string).replace(/&amp;/g, '&'));
}

describe.each(dialects)('a script\'s feed of loader updates on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const create = async (playsname: string, loadstring: string) => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: { playsname, description: 'Feed sample', loadstring } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const edit = async (id: number, fields: Record<string, string>) => {
    const response = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm(fields) });
    expect(response.statusCode, response.body).toBe(200);
  };
  const history = async (id: number) => (await get(`/api/scripts/${id}/versions`)).json() as { version: number; createdAt: string }[];
  const feedOf = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(response.body).not.toContain(LOADER_MARK);
    return (xml.parse(response.body) as { feed: Feed }).feed;
  };

  it('has one entry per loader version, newest first, each with its date, its sentences (high first) and its History link', async () => {
    const id = await create('Feed Farm & <Co>', `${HUB}\n${PASTE}`);
    await edit(id, { description: 'Not a loader change' });
    await edit(id, { loadstring: `${HUB}\n${PASTE}\n${WEBHOOK}` });
    await edit(id, { loadstring: `${HUB}\n${WEBHOOK}` });
    const page = `${SITE_URL}${scriptPath({ id, playsname: 'Feed Farm & <Co>' })}`;
    expect(page).toBe(`${SITE_URL}/scripts/${id}-feed-farm-co`);

    const feed = await feedOf(`/scripts/${id}-feed-farm-co/feed.xml`);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${SITE_URL}/scripts/${id}/feed.xml`);
    expect(feed.title).toBe('Feed Farm & <Co>: loader updates');
    expect(feed.author.name).toBe('ScriptHub');
    expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': `${page}/feed.xml` }));
    expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${page}#history` }));

    const versions = await history(id);
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entry.title)).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(entries.map((entry) => entry.updated)).toEqual(versions.map((version) => version.createdAt));
    expect(feed.updated).toBe(versions[0]?.createdAt);
    expect(entries.map((entry) => entry.link[0]?.['@_href'])).toEqual([3, 2, 1].map((n) => `${page}#version-${n}`));
    expect(entries.map((entry) => entry.id)).toEqual([3, 2, 1].map((n) => `${SITE_URL}/scripts/${id}#version-${n}`));
    expect(entries.every((entry) => entry.content['@_type'] === 'html')).toBe(true);
    expect(sentencesOf(entries[0])).toEqual(['No longer loads code through a link shortener or a paste site', 'No longer fetches from pastebin.com']);
    expect(sentencesOf(entries[1])).toEqual(['Adds a request to a Discord webhook', 'Now fetches from discord.com']);
    expect(sentencesOf(entries[2])).toEqual([
      'Now loads code through a link shortener or a paste site',
      'Now downloads more code and runs it',
      'Now fetches from pastebin.com',
      'Now fetches from raw.githubusercontent.com',
    ]);
  });

  it('says so when an update changed nothing the analysis sees, and keeps only the 20 latest updates', async () => {
    const id = await create('Feed Printer', 'print(1)');
    for (let n = 2; n <= 22; n++) await edit(id, { loadstring: `print(${n})` });
    const entries = (await feedOf(`/scripts/${id}-feed-printer/feed.xml`)).entry ?? [];
    expect(entries).toHaveLength(20);
    expect(entries[0]?.title).toBe('Version 22');
    expect(entries.at(-1)?.title).toBe('Version 3');
    expect(entries[0]?.content['#text']).toBe('<p>No change in what the loader does</p>');
  });

  it('answers /scripts/{id}/feed.xml as it is and moves a stale slug to the canonical address, as the page does', async () => {
    const id = await create('Feed Renamed', 'print("a")');
    const plain = await feedOf(`/scripts/${id}/feed.xml`);
    expect(plain.link).toContainEqual(expect.objectContaining({ '@_rel': 'self', '@_href': `${SITE_URL}/scripts/${id}-feed-renamed/feed.xml` }));
    const stale = await get(`/scripts/${id}-old-name/feed.xml`);
    expect(stale.statusCode).toBe(301);
    expect(stale.headers.location).toBe(`/scripts/${id}-feed-renamed/feed.xml`);
    expect(stale.headers['cache-control']).toBe('no-cache');
    // A rename moves the feed at once: no cache keeps the old address's answer.
    await edit(id, { playsname: 'Feed Moved' });
    const moved = await get(`/scripts/${id}-feed-renamed/feed.xml`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/scripts/${id}-feed-moved/feed.xml`);
    expect((await feedOf(`/scripts/${id}-feed-moved/feed.xml`)).title).toBe('Feed Moved: loader updates');
  });

  it('shows an update at once: the feed is kept by no cache, its own nor a shared one', async () => {
    const id = await create('Feed Fresh', 'print("a")');
    const url = `/scripts/${id}-feed-fresh/feed.xml`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeUndefined();
    await edit(id, { loadstring: WEBHOOK });
    expect(((await feedOf(url)).entry ?? []).map((entry) => entry.title)).toEqual(['Version 2', 'Version 1']);
  });

  it('is 404 for an unknown, hidden or deleted script and for any malformed id, never a 500', async () => {
    const hidden = await create('Feed Hidden', 'print("h")');
    expect((await get(`/scripts/${hidden}-feed-hidden/feed.xml`)).statusCode).toBe(200);
    expect((await injectAs(ctx, admin, { method: 'POST', url: `/api/scripts/${hidden}/visibility`, payload: { hidden: true } })).statusCode).toBe(200);
    const deleted = await create('Feed Deleted', 'print("d")');
    expect((await get(`/scripts/${deleted}/feed.xml`)).statusCode).toBe(200);
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/ad/${deleted}` })).statusCode).toBe(200);
    const urls = [
      `/scripts/${hidden}-feed-hidden/feed.xml`,
      `/scripts/${hidden}/feed.xml`,
      `/scripts/${deleted}-feed-deleted/feed.xml`,
      '/scripts/2147483647/feed.xml',
      '/scripts/0/feed.xml',
      '/scripts/007/feed.xml',
      '/scripts/2147483648/feed.xml',
      '/scripts/-1/feed.xml',
      '/scripts/abc/feed.xml',
      '/scripts/1e3/feed.xml',
      '/scripts/%00/feed.xml',
      '/scripts/1%00/feed.xml',
      '/scripts/%001-x/feed.xml',
      '/scripts/1%0A/feed.xml',
      '/scripts/%1B%5B31m/feed.xml',
      '/scripts/%E2%80%AE1/feed.xml',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('is linked from the script page\'s head with <link rel="alternate" type="application/atom+xml">', async () => {
    const id = await create('Feed Linked', 'print("l")');
    for (const url of [`/scripts/${id}-feed-linked`, `/scripts/${id}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(linkTags(response.body, 'alternate'), url).toContainEqual({
        rel: 'alternate',
        type: 'application/atom+xml',
        title: 'Feed Linked: loader updates',
        href: `${SITE_URL}/scripts/${id}-feed-linked/feed.xml`,
      });
    }
  });
});
