import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_SIZE } from '../../contract/constants.ts';
import { scriptPath } from '../../contract/slugs.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript, insertScripts } from '../helpers/factories.ts';
import { canonicalOf, cardLinks, cardsOf, jsonLd, linkTags, metaContent, visibleText } from '../helpers/html.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';

// The public site of issue 14, server-rendered (needs `npm run build`): the filter bar, cards with
// games and badges, /games and /games/{slug}, slug URLs, the Atom feeds and OpenSearch.

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const KEY_LINK = 'https://keys.example/get?script=farm&step=1';
/** Every script's loader text carries this mark: no list page, card or feed may. */
const LOADER_MARK = 'LOADER_TEXT_MARK';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link', 'Url'].includes(name) });

type Fixture = Record<'farm' | 'attack' | 'fly' | 'trade' | 'plain' | 'gated', PublicScript & { id: number }>;

describe.each(dialects)('the public site of games, filters and feeds on %s', (dialect) => {
  let ctx: TestContext;
  let s: Fixture;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    // Older bulk scripts fill the feed beyond FEED_SIZE; the named ones are the newest.
    await insertScripts(ctx.services, FEED_SIZE, (i) => `Bulk filler ${i}`);
    const bloxFruits = await insertGame(ctx, 'Blox Fruits', 'blox-fruits');
    const adoptMe = await insertGame(ctx, 'Adopt Me!', 'adopt-me', 'cafecafecafecafecafecafecafecafe');
    await insertGame(ctx, 'Empty Game', 'empty-game');
    const at = (day: number) => new Date(Date.UTC(2026, 5, day, 12));
    const add = async (playsname: string, day: number, extra: Parameters<typeof insertScript>[1] = {}) =>
      insertScript(ctx.services, { playsname, description: `${playsname} & <more>`, loadstring: `print("${LOADER_MARK} ${playsname}")`, createdAt: at(day), ...extra });
    const rows = {
      farm: await add('Blox Fruits Auto Farm', 6),
      attack: await add('Blox Fruits Fast Attack', 5),
      fly: await add('Universal Fly', 4),
      trade: await add('Adopt Me Trade Helper', 3),
      plain: await add('Tom & Jerry <Fly> "x"', 2),
      gated: await add('Gated Farm', 1, { channels: [{ name: 'Farm channel', url: 'https://t.me/farm_channel' }] }),
    };
    await setFacts(ctx, rows.farm.id, { gameId: bloxFruits, keySystem: true, keyLink: KEY_LINK, verified: true });
    await setFacts(ctx, rows.attack.id, { gameId: bloxFruits, patched: true });
    await setFacts(ctx, rows.fly.id, { universal: true });
    await setFacts(ctx, rows.trade.id, { gameId: adoptMe, verified: true });
    s = {} as Fixture;
    for (const [name, row] of Object.entries(rows)) {
      s[name as keyof Fixture] = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${row.id}` })).json();
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
    return { response, html: response.body, text: visibleText(response.body) };
  };
  /** The script pages the API's list names for a query: what the page's cards must link to. */
  const apiPaths = async (query: string, limit = 16) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${query}${query ? '&' : ''}limit=${limit}` });
    expect(response.statusCode, query).toBe(200);
    return (response.json() as { scripts: PublicScript[] }).scripts.map((script) => scriptPath(script));
  };
  const formOf = (html: string) => /<form[^>]*id="catalogue-filters"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  /** Whether `html` has a `<tag>` with all these attributes, in any order (React orders them its own way). */
  const hasTag = (html: string, tag: string, attrs: Record<string, string>) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].some((match) => Object.entries(attrs).every(([name, value]) => match[0].includes(` ${name}="${value}"`)));

  describe('the filter bar on /scripts', () => {
    it('renders every choice of the URL selected, in a GET form that submits to /scripts with the search kept', async () => {
      const { response, html } = await get('/scripts?game=blox-fruits&key=false&universal=true&verified=true&patched=false&sort=trending&q=farm');
      expect(response.statusCode).toBe(200);
      const form = formOf(html);
      expect(hasTag(form, 'form', { method: 'get', action: '/scripts' })).toBe(true);
      expect(hasTag(form, 'input', { type: 'hidden', name: 'q', value: 'farm' })).toBe(true);
      expect(form).toMatch(/<option value="blox-fruits" selected="">Blox Fruits<\/option>/);
      expect(form).toMatch(/<option value="adopt-me">Adopt Me!<\/option>/);
      for (const [name, value] of [['key', 'false'], ['universal', 'true'], ['verified', 'true'], ['patched', 'false']] as const) {
        expect(hasTag(form, 'input', { type: 'checkbox', name, value, checked: '' }), name).toBe(true);
      }
      expect(form).toMatch(/<option value="trending" selected="">Trending<\/option>/);
      expect(visibleText(form)).toContain('Apply filters');
      for (const label of ['No key system', 'Universal', 'Verified', 'Working', 'Newest', 'Most viewed', 'Recently updated', 'All games']) {
        expect(visibleText(form), label).toContain(label);
      }
    });

    it('renders no choice made without parameters, and drops values the API would refuse instead of failing', async () => {
      for (const url of ['/scripts', '/scripts?sort=best&key=maybe&game=Not_A_Slug&verified=1']) {
        const { response, html } = await get(url);
        expect(response.statusCode, url).toBe(200);
        const form = formOf(html);
        expect(form, url).not.toContain('checked=""');
        expect(form, url).toMatch(/<option value="" selected="">All games<\/option>/);
        expect(form, url).toMatch(/<option value="newest" selected="">Newest<\/option>/);
        expect(cardLinks(html), url).toEqual(await apiPaths(''));
      }
    });

    it.each([
      '',
      'game=blox-fruits',
      'key=false',
      'universal=true',
      'verified=true',
      'patched=false',
      'sort=views',
      'sort=trending',
      'sort=updated',
      'q=blox&game=blox-fruits&key=false&sort=trending',
      'q=farm&verified=true&patched=false',
      'game=adopt-me&universal=false&sort=views',
    ])('passes ?%s to the list: the cards are the API\'s answer for the same query', async (query) => {
      const { response, html } = await get(`/scripts${query ? `?${query}` : ''}`);
      expect(response.statusCode).toBe(200);
      expect(cardLinks(html)).toEqual(await apiPaths(query));
    });

    it('offers Clear filters (keeping the search) and Show all scripts when filters leave nothing', async () => {
      const { text, html } = await get('/scripts?q=zzz-nothing-matches&key=false&sort=views');
      expect(text).toContain('Scripts not found');
      expect(text).toContain('Clear filters');
      expect(html).toMatch(/<a[^>]*href="\/scripts\?q=zzz-nothing-matches&amp;sort=views"[^>]*>Clear filters<\/a>/);
      expect(html).toMatch(/<a[^>]*href="\/scripts"[^>]*>Show all scripts<\/a>/);
      // Without filters, an empty search has nothing to clear but the search.
      expect((await get('/scripts?q=zzz-nothing-matches')).text).not.toContain('Clear filters');
    });

    it('keeps filtered lists out of the index, canonical to the catalogue', async () => {
      const { html } = await get('/scripts?key=false&sort=views');
      expect(canonicalOf(html)).toBe(`${SITE_URL}/scripts`);
      expect(metaContent(html, 'name', 'robots')).toBe('noindex, follow');
      expect(metaContent((await get('/scripts?sort=views')).html, 'name', 'robots')).toBeUndefined();
    });
  });

  describe('cards and the script page', () => {
    it('link each script at its slug URL and show its game and badges', async () => {
      const { html } = await get('/scripts');
      const card = (script: PublicScript) => cardsOf(html).find((item) => item.includes(`href="${scriptPath(script)}"`)) ?? '';
      expect(scriptPath(s.farm)).toBe(`/scripts/${s.farm.id}-blox-fruits-auto-farm`);
      const farm = card(s.farm);
      expect(farm).toContain('href="/games/blox-fruits"');
      expect(visibleText(farm)).toContain('Key system');
      expect(visibleText(farm)).toContain('Verified');
      expect(visibleText(farm)).not.toContain('Patched');
      // A card is one link: the key page is linked from the script's own page only.
      expect(farm).not.toContain('keys.example');
      expect(visibleText(card(s.attack))).toContain('Patched');
      expect(visibleText(card(s.fly))).toContain('Universal');
      expect(card(s.fly)).not.toContain('href="/games/');
      expect(card(s.plain)).not.toContain('aria-label="Script facts"');
    });

    it('carry no loader text in any list page, its data or a feed (the API list does)', async () => {
      const api = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=16' });
      expect(api.body).toContain(LOADER_MARK);
      for (const url of ['/scripts', '/scripts?q=farm', '/scripts.data', '/scripts.data?key=false&_routes=routes%2Fscripts', '/games/blox-fruits', '/games/blox-fruits.data', '/games', '/feed.xml', '/games/blox-fruits/feed.xml']) {
        const { response, html } = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(html, url).not.toContain(LOADER_MARK);
      }
    });

    it('shows the game, the badges and the key page (nofollow) on the script page', async () => {
      const { response, html, text } = await get(scriptPath(s.farm));
      expect(response.statusCode).toBe(200);
      expect(html).toContain('href="/games/blox-fruits"');
      for (const badge of ['Key system', 'Verified']) expect(text).toContain(badge);
      const keyLink = /<a [^>]*href="https:\/\/keys\.example[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
      expect(keyLink).toContain(`href="${KEY_LINK.replaceAll('&', '&amp;')}"`);
      expect(keyLink).toContain('rel="nofollow noopener"');
      expect(keyLink).toContain('target="_blank"');
      const crumbs = jsonLd(html).find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: { item: string }[] };
      expect(crumbs.itemListElement.map((item) => item.item)).toEqual([`${SITE_URL}/`, `${SITE_URL}/games`, `${SITE_URL}/games/blox-fruits`, `${SITE_URL}${scriptPath(s.farm)}`]);
    });
  });

  describe('slug URLs', () => {
    it('serve the page at /scripts/{id}-{slug}, its canonical URL, and at /scripts/{id} with the same canonical', async () => {
      const canonical = `${SITE_URL}${scriptPath(s.farm)}`;
      for (const url of [scriptPath(s.farm), `/scripts/${s.farm.id}`]) {
        const { response, html, text } = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(text, url).toContain('Blox Fruits Auto Farm');
        expect(canonicalOf(html), url).toBe(canonical);
        expect(metaContent(html, 'property', 'og:url'), url).toBe(canonical);
      }
    });

    it('move a wrong or stale slug permanently to the canonical URL', async () => {
      for (const url of [`/scripts/${s.farm.id}-wrong-name`, `/scripts/${s.farm.id}-`, `/scripts/${s.farm.id}-blox-fruits-auto-farm-x?utm=1`]) {
        const { response } = await get(url);
        expect(response.statusCode, url).toBe(301);
        expect(response.headers.location, url).toBe(scriptPath(s.farm));
      }
      // An unknown id is not found, whatever its slug.
      expect((await get('/scripts/999999-blox-fruits-auto-farm')).response.statusCode).toBe(404);
    });

    it('follow a rename: the old slug, cached before, then redirects to the new one', async () => {
      const script = await insertScript(ctx.services, { playsname: 'Before Rename' });
      const before = `/scripts/${script.id}-before-rename`;
      expect((await get(before)).response.statusCode).toBe(200);
      await ctx.services.scripts.update(script.id, { playsname: 'After Rename' });
      ctx.services.cache.changed({ kind: 'script', id: script.id });
      const { response } = await get(before);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/scripts/${script.id}-after-rename`);
      expect((await get(`/scripts/${script.id}-after-rename`)).text).toContain('After Rename');
    });

    it('count a view for the slug URL and its data request, none for a redirect', async () => {
      const script = await insertScript(ctx.services, { playsname: 'Counted Slug Script' });
      await ctx.services.views.flush();
      expect((await get(`/scripts/${script.id}-wrong`)).response.statusCode).toBe(301);
      expect(ctx.services.views.pendingCount).toBe(0);
      expect((await get(`/scripts/${script.id}-counted-slug-script`)).response.statusCode).toBe(200);
      expect((await get(`/scripts/${script.id}-counted-slug-script.data`, { 'user-agent': `${BROWSER} other` })).response.statusCode).toBe(200);
      await ctx.services.views.flush();
      const row = await ctx.db.kysely.selectFrom('scripts').select('views').where('id', '=', script.id).executeTakeFirstOrThrow();
      expect(Number(row.views)).toBe(2);
    });

    it('keep a gated script\'s loader out of its slug page and its data', async () => {
      for (const url of [scriptPath(s.gated), `${scriptPath(s.gated)}.data`, `/scripts/${s.gated.id}`]) {
        const { response, html } = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(html, url).not.toContain(LOADER_MARK);
      }
      // The open one's page does carry its own (the positive control).
      expect((await get(scriptPath(s.fly))).html).toContain(`${LOADER_MARK} Universal Fly`);
    });
  });

  describe('/games', () => {
    it('lists every game with its icon and script count, with title, description, Open Graph, canonical and CollectionPage JSON-LD', async () => {
      const { response, html, text } = await get('/games');
      expect(response.statusCode).toBe(200);
      expect(html).toContain('<title>Roblox Games — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toMatch(/Roblox games/);
      expect(metaContent(html, 'property', 'og:title')).toBe('Roblox Games — ScriptHub');
      expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}/games`);
      expect(canonicalOf(html)).toBe(`${SITE_URL}/games`);
      expect(text).toContain('Blox Fruits');
      expect(text).toContain('2 scripts');
      expect(text).toContain('1 script');
      expect(text).toContain('0 scripts');
      expect(html).toMatch(/<img src="\/uploads\/cafecafecafecafecafecafecafecafe[^"]*"/);
      expect(html).toContain('href="/games/adopt-me"');
      const page = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { url: string; mainEntity: { itemListElement: { url: string; name: string }[] } };
      expect(page.url).toBe(`${SITE_URL}/games`);
      const games = await ctx.services.games.list();
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toEqual(games.map((game) => `${SITE_URL}/games/${game.slug}`));
    });
  });

  describe('/games/{slug}', () => {
    it('shows the game\'s scripts with title, description, Open Graph, canonical, CollectionPage JSON-LD and its feed', async () => {
      const { response, html } = await get('/games/blox-fruits');
      expect(response.statusCode).toBe(200);
      expect(html).toContain('<title>Blox Fruits Scripts — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toContain('Blox Fruits');
      expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}/games/blox-fruits`);
      expect(canonicalOf(html)).toBe(`${SITE_URL}/games/blox-fruits`);
      expect(metaContent(html, 'name', 'robots')).toBeUndefined();
      const cards = cardLinks(html);
      expect(cards).toEqual(await apiPaths('game=blox-fruits'));
      const page = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { mainEntity: { itemListElement: { url: string }[] } };
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toEqual(cards.map((path) => `${SITE_URL}${path}`));
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/games/blox-fruits/feed.xml` }));
    });

    it('has the filter bar without the game choice, submitting to the game\'s page, and passes its filters to the list', async () => {
      const { html } = await get('/games/blox-fruits?key=false&sort=views&game=adopt-me');
      const form = formOf(html);
      expect(hasTag(form, 'form', { method: 'get', action: '/games/blox-fruits' })).toBe(true);
      expect(form).not.toContain('name="game"');
      expect(hasTag(form, 'input', { type: 'checkbox', name: 'key', value: 'false', checked: '' })).toBe(true);
      expect(form).toMatch(/<option value="views" selected="">/);
      expect(cardLinks(html)).toEqual(await apiPaths('game=blox-fruits&key=false&sort=views'));
      expect(canonicalOf(html)).toBe(`${SITE_URL}/games/blox-fruits`);
      expect(metaContent(html, 'name', 'robots')).toBe('noindex, follow');
    });

    it.each(['/games/no-such-game', '/games/Not_A_Slug', '/games/no-such-game.data'])('answers 404 for %s', async (url) => {
      const { response, text } = await get(url);
      expect(response.statusCode).toBe(404);
      if (!url.endsWith('.data')) expect(text).toContain('Game not found');
    });
  });

  describe('sitemap', () => {
    it('lists /games, each game with scripts, and every script at its slug URL', async () => {
      const { html: body } = await get('/sitemap.xml');
      expect(XMLValidator.validate(body)).toBe(true);
      const locs = (xml.parse(body) as { urlset: { url: { loc: string }[] } }).urlset.url.map((url) => url.loc);
      expect(locs).toContain(`${SITE_URL}/games`);
      expect(locs).toContain(`${SITE_URL}/games/blox-fruits`);
      expect(locs).toContain(`${SITE_URL}/games/adopt-me`);
      expect(locs).not.toContain(`${SITE_URL}/games/empty-game`);
      for (const script of Object.values(s)) expect(locs).toContain(`${SITE_URL}${scriptPath(script)}`);
    });
  });

  describe('feeds', () => {
    type Entry = { id: string; title: string; link: { '@_href': string; '@_rel': string }[]; updated: string; published: string };
    type Feed = { '@_xmlns': string; id: string; title: string; updated: string; link: { '@_rel': string; '@_href': string }[]; entry?: Entry[] };
    const feedOf = async (url: string) => {
      const { response, html: body } = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/atom+xml; charset=utf-8');
      expect(XMLValidator.validate(body), url).toBe(true);
      return (xml.parse(body) as { feed: Feed }).feed;
    };

    it('/feed.xml is an Atom feed of the newest FEED_SIZE scripts, linked at their slug URLs, names escaped', async () => {
      const feed = await feedOf('/feed.xml');
      expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.id).toBe(`${SITE_URL}/feed.xml`);
      expect(feed.title).toContain('ScriptHub');
      expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'self', '@_href': `${SITE_URL}/feed.xml` }));
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${SITE_URL}/scripts` }));
      const entries = feed.entry ?? [];
      expect(entries).toHaveLength(FEED_SIZE);
      const expected = (await apiPaths('', FEED_SIZE)).map((path) => `${SITE_URL}${path}`);
      expect(entries.map((entry) => entry.link[0]?.['@_href'])).toEqual(expected);
      expect(entries.map((entry) => entry.id)).toEqual(expected);
      const tricky = entries.find((entry) => entry.id === `${SITE_URL}${scriptPath(s.plain)}`);
      expect(tricky?.title).toBe('Tom & Jerry <Fly> "x"');
      expect(tricky?.published).toBe(s.plain.createdAt);
    });

    it('/games/{slug}/feed.xml holds the game\'s list, links its page; an unknown game is 404', async () => {
      const feed = await feedOf('/games/blox-fruits/feed.xml');
      expect(feed.id).toBe(`${SITE_URL}/games/blox-fruits/feed.xml`);
      expect(feed.title).toBe('Blox Fruits scripts');
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${SITE_URL}/games/blox-fruits` }));
      const expected = (await apiPaths('game=blox-fruits', FEED_SIZE)).map((path) => `${SITE_URL}${path}`);
      expect((feed.entry ?? []).map((entry) => entry.link[0]?.['@_href'])).toEqual(expected);
      expect((await get('/games/no-such-game/feed.xml')).response.statusCode).toBe(404);
    });

    it('shows a new script once the catalogue changes (cached like the sitemap until then)', async () => {
      const first = await get('/feed.xml');
      expect((await get('/feed.xml')).html).toBe(first.html);
      const added = await insertScript(ctx.services, { playsname: 'Feed Newcomer', createdAt: new Date(Date.now() + 60_000) });
      ctx.services.cache.changed({ kind: 'script', id: added.id });
      const feed = await feedOf('/feed.xml');
      expect(feed.entry?.[0]?.id).toBe(`${SITE_URL}/scripts/${added.id}-feed-newcomer`);
    });

    it('is announced on the list pages with <link rel="alternate" type="application/atom+xml">', async () => {
      for (const url of ['/scripts', '/games']) {
        expect(linkTags((await get(url)).html, 'alternate'), url).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/feed.xml` }));
      }
    });
  });

  describe('/opensearch.xml', () => {
    it('describes the catalogue search for browsers and is announced with <link rel="search">', async () => {
      const { response, html: body } = await get('/opensearch.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
      expect(XMLValidator.validate(body)).toBe(true);
      const description = (xml.parse(body) as { OpenSearchDescription: { '@_xmlns': string; ShortName: string; InputEncoding: string; Url: { '@_type': string; '@_template': string }[] } })
        .OpenSearchDescription;
      expect(description['@_xmlns']).toBe('http://a9.com/-/spec/opensearch/1.1/');
      expect(description.ShortName).toBe('ScriptHub');
      expect(description.ShortName.length).toBeLessThanOrEqual(16);
      expect(description.InputEncoding).toBe('UTF-8');
      expect(description.Url).toContainEqual(expect.objectContaining({ '@_type': 'text/html', '@_template': `${SITE_URL}/scripts?q={searchTerms}` }));
      for (const url of ['/', '/scripts', '/games', scriptPath(s.farm)]) {
        expect(linkTags((await get(url)).html, 'search'), url).toContainEqual(
          expect.objectContaining({ type: 'application/opensearchdescription+xml', href: '/opensearch.xml', title: 'Search scripts' }),
        );
      }
    });
  });
});
