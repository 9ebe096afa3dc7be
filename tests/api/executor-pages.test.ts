import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FIRST_PAGE, CATALOGUE_NEXT_PAGE } from '../../contract/constants.ts';
import { type Executor, executorListSchema, executorSchema } from '../../contract/executors.ts';
import { type PublicScript, paginatedScriptsSchema } from '../../contract/scripts.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { type CompatibilityRowData, writeCompatibility as writeRows } from '../helpers/compatibility.ts';
import type { Principal } from '../../server/policies/policies.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { canonicalOf, cardLinks, jsonLd, linkTags, metaContent, visibleText, wordsOf } from '../helpers/html.ts';

// The executors' public pages (issue 27, items 2 and 5; docs/product.md#executors-page,
// docs/product.md#executor-page), server-rendered from the built app (needs `npm run build`): the list
// with each executor's status, devices and when its status changed, and when the list was last
// checked; an executor's page with the scripts that work on it (tested, or more yes than no), its
// filter bar and Load More; head tags, the sitemap, the footer link, 404s, and the page cache dropping
// both pages when the admin changes an executor.

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ADMIN: Principal = { role: 'admin', adminId: 1 };
const DAY = 86_400_000;
const HOUR = 3_600_000;

const xml = new XMLParser();

/** Rows of script_executors as the staff saves and the vote flush write them. */
const writeCompatibility = (ctx: TestContext, rows: CompatibilityRowData[]) => writeRows(ctx.db, rows);

/** The `<li>` of one executor on /executors. */
function itemOf(html: string, slug: string): string {
  return new RegExp(`<li data-executor="${slug}">[\\s\\S]*?</article></li>`).exec(html)?.[0] ?? '';
}

/** What a reader sees of some HTML. */
const words = wordsOf;

/** The executors' slugs on /executors, in page order. */
const listedSlugs = (html: string) => [...html.matchAll(/<li data-executor="([^"]+)"/g)].map((match) => match[1]);

/** The `<time>` elements of some HTML: datetime and the words shown. */
const timesOf = (html: string) => [...html.matchAll(/<time dateTime="([^"]+)"[^>]*>([\s\S]*?)<\/time>/g)].map((match) => ({ datetime: match[1], text: visibleText(match[2] as string) }));

describe.each(dialects)('the executors\' pages on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let x: Record<'mango' | 'zeta' | 'alpha' | 'delta', Executor>;
  /** Scripts that work on Mango (tested, or more yes than no), newest first as the list shows them. */
  let mangoScripts: number[];
  let others: Record<'votedNo' | 'zetaOnly' | 'hidden', number>;

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    return { response, html: response.body, text: words(response.body) };
  };
  const create = async (body: Record<string, unknown>): Promise<Executor> => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return executorSchema.parse(response.json());
  };
  const apiPage = async (query: string): Promise<{ scripts: PublicScript[]; total: number }> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return paginatedScriptsSchema.parse(response.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
    x = {
      zeta: await create({ name: 'Zeta', platforms: ['windows'], status: 'working', version: '1.0', free: true }),
      mango: await create({ name: 'Mango', platforms: ['ios', 'windows', 'mac'], status: 'working', version: 'v2.5', website: 'https://mango.example/download', free: false }),
      alpha: await create({ name: 'Alpha', platforms: ['android'], status: 'patched', free: true }),
      delta: await create({ name: 'Delta', platforms: ['android', 'ios'], status: 'updating' }),
    };
    // More than a first page works on Mango: two by votes (yes > no), the rest tested by staff.
    const start = Date.UTC(2026, 0, 1);
    const works: number[] = [];
    for (let i = 0; i < CATALOGUE_FIRST_PAGE + 3; i += 1) {
      works.push((await insertScript(ctx.services, { playsname: `Mango Farm ${i}`, createdAt: new Date(start + i * 60_000) })).id);
    }
    others = {
      votedNo: (await insertScript(ctx.services, { playsname: 'Voted Down On Mango', createdAt: new Date(start - DAY) })).id,
      zetaOnly: (await insertScript(ctx.services, { playsname: 'Zeta Only Script', createdAt: new Date(start - DAY) })).id,
      hidden: (await insertScript(ctx.services, { playsname: 'Hidden Mango Script', createdAt: new Date(start - DAY) })).id,
    };
    await writeCompatibility(ctx, [
      ...works.map((scriptId, i) => (i < 2 ? { scriptId, executorId: x.mango.id, yes: 3, no: 1 } : { scriptId, executorId: x.mango.id, tested: 1 })),
      { scriptId: others.votedNo, executorId: x.mango.id, yes: 1, no: 2 },
      { scriptId: others.zetaOnly, executorId: x.zeta.id, tested: 1 },
      { scriptId: others.hidden, executorId: x.mango.id, tested: 1 },
    ]);
    await ctx.services.visibility.set(ADMIN, others.hidden, true);
    mangoScripts = [...works].reverse();
    ctx.services.cache.changed({ kind: 'all' });
  });
  afterAll(async () => ctx?.close());

  describe('/executors', () => {
    it('lists every executor, working first then by name, each with its status, devices in order, version, price and a link to its page', async () => {
      const { response, html } = await get('/executors');
      expect(response.statusCode).toBe(200);
      expect(listedSlugs(html)).toEqual(['mango', 'zeta', 'alpha', 'delta']);
      const expected = {
        mango: { status: 'Working', platforms: ['Windows', 'Mac', 'iOS'], facts: ['Version v2.5', 'Paid'] },
        zeta: { status: 'Working', platforms: ['Windows'], facts: ['Version 1.0', 'Free'] },
        alpha: { status: 'Patched', platforms: ['Android'], facts: ['Free'] },
        delta: { status: 'Updating', platforms: ['Android', 'iOS'], facts: ['Paid'] },
      } as const;
      for (const [slug, facts] of Object.entries(expected)) {
        const item = itemOf(html, slug);
        expect(item, slug).toContain(`href="/executors/${slug}"`);
        expect(visibleText(/<span data-status="[^"]+"[^>]*>([^<]*)<\/span>/.exec(item)?.[1] ?? ''), slug).toBe(facts.status);
        const platforms = [...item.matchAll(/<li data-platform="[^"]+"[^>]*>[\s\S]*?<\/svg>([^<]*)<\/li>/g)].map((match) => match[1]);
        expect(platforms, slug).toEqual(facts.platforms);
        for (const fact of facts.facts) expect(words(item), slug).toContain(fact);
        expect(words(item), slug).not.toContain('Version null');
      }
      // The website is linked from the executor's own page only.
      expect(html).not.toMatch(/href="https:\/\/mango\.example/);
    });

    it('says how long ago each status changed, with the exact moment in <time datetime>, and when the list was last checked', async () => {
      const now = Date.now();
      const at = (ms: number) => new Date(ms).toISOString();
      // Moved in the database, as if the admin had made these changes earlier.
      const history = { mango: { status: now - 3 * DAY - HOUR, updated: now - 3 * DAY - HOUR }, zeta: { status: now - 10 * DAY, updated: now - 2 * HOUR - 60_000 }, alpha: { status: now - 40 * DAY, updated: now - 5 * DAY }, delta: { status: now - 2 * DAY, updated: now - 2 * DAY } };
      for (const [slug, moments] of Object.entries(history)) {
        await ctx.db.kysely.updateTable('executors').set({ status_changed_at: at(moments.status), updated_at: at(moments.updated) }).where('slug', '=', slug).execute();
      }
      ctx.services.cache.changed({ kind: 'all' });
      const api = executorListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/executors' })).json());
      const { html, text } = await get('/executors');
      const ago = { mango: '3 days ago', zeta: '1 week ago', alpha: '1 month ago', delta: '2 days ago' } as Record<string, string>;
      for (const executor of api) {
        const times = timesOf(itemOf(html, executor.slug));
        expect(times, executor.slug).toEqual([{ datetime: executor.statusChangedAt, text: ago[executor.slug] }]);
        expect(words(itemOf(html, executor.slug)), executor.slug).toContain(`Status changed ${ago[executor.slug]}`);
      }
      // Last checked: the latest admin change of any executor (Zeta's edit two hours ago).
      const zeta = api.find((executor) => executor.slug === 'zeta');
      expect(text).toContain('List last checked 2 hours ago');
      const line = /<p data-testid="last-checked"[\s\S]*?<\/p>/.exec(html)?.[0] ?? '';
      expect(timesOf(line)).toEqual([{ datetime: zeta?.updatedAt, text: '2 hours ago' }]);
    });

    it('has title, description, canonical, Open Graph and a CollectionPage listing the executors in order', async () => {
      const { html } = await get('/executors');
      expect(html).toContain('<title>Roblox Executors — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toMatch(/Roblox executors/);
      expect(canonicalOf(html)).toBe(`${SITE_URL}/executors`);
      expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}/executors`);
      expect(metaContent(html, 'property', 'og:title')).toBe('Roblox Executors — ScriptHub');
      expect(metaContent(html, 'name', 'robots')).toBeUndefined();
      const page = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { url: string; mainEntity: { numberOfItems: number; itemListElement: { url: string; name: string; position: number }[] } };
      expect(page.url).toBe(`${SITE_URL}/executors`);
      expect(page.mainEntity.numberOfItems).toBe(4);
      expect(page.mainEntity.itemListElement.map((item) => [item.position, item.name, item.url])).toEqual([
        [1, 'Mango', `${SITE_URL}/executors/mango`],
        [2, 'Zeta', `${SITE_URL}/executors/zeta`],
        [3, 'Alpha', `${SITE_URL}/executors/alpha`],
        [4, 'Delta', `${SITE_URL}/executors/delta`],
      ]);
    });

    it('is linked from every public page\'s footer', async () => {
      for (const url of ['/', '/scripts', '/games', '/executors/mango']) {
        const footer = /<footer[\s\S]*?<\/footer>/.exec((await get(url)).html)?.[0] ?? '';
        expect(footer, url).toMatch(/<a [^>]*href="\/executors"[^>]*>Executors<\/a>/);
      }
    });
  });

  describe('/executors/{slug}', () => {
    it('shows the executor\'s facts, its counts and its website (nofollow, ugc)', async () => {
      const { response, html, text } = await get('/executors/mango');
      expect(response.statusCode).toBe(200);
      const header = /<main[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      expect(header).toMatch(/<h1[^>]*>Mango<\/h1>/);
      expect(visibleText(/<span data-status="working"[^>]*>([^<]*)<\/span>/.exec(header)?.[1] ?? '')).toBe('Working');
      expect([...header.matchAll(/<li data-platform="([^"]+)"/g)].map((match) => match[1])).toEqual(['windows', 'mac', 'ios']);
      for (const fact of ['Version v2.5', 'Paid', 'Status changed']) expect(words(header)).toContain(fact);
      // Every script that works on it, tested or voted, and none hidden; tested counts the visible tested ones.
      expect(text).toContain(`${CATALOGUE_FIRST_PAGE + 3} scripts work on it · ${CATALOGUE_FIRST_PAGE + 1} tested by staff`);
      const website = /<a [^>]*href="https:\/\/mango\.example\/download"[^>]*>/.exec(html)?.[0] ?? '';
      expect(website).toContain('rel="nofollow noopener ugc"');
      expect(website).toContain('target="_blank"');
      expect((await get('/executors/zeta')).html).not.toMatch(/rel="nofollow noopener ugc"/);
    });

    it('lists the first page of the scripts that work on it, newest first, and not the others', async () => {
      const { html, text } = await get('/executors/mango');
      const cards = cardLinks(html);
      const api = await apiPage(`executor=mango&limit=${CATALOGUE_FIRST_PAGE}`);
      expect(api.total).toBe(CATALOGUE_FIRST_PAGE + 3);
      expect(cards).toEqual(api.scripts.map((script) => scriptPath(script)));
      expect(cards.map((path) => Number(/^\/scripts\/(\d+)/.exec(path)?.[1]))).toEqual(mangoScripts.slice(0, CATALOGUE_FIRST_PAGE));
      for (const name of ['Voted Down On Mango', 'Zeta Only Script', 'Hidden Mango Script']) expect(text).not.toContain(name);
      // More than a page: Load More is offered, and asks the API with the executor for the rest.
      expect(text).toContain('Load More');
      const rest = await apiPage(`executor=mango&offset=${CATALOGUE_FIRST_PAGE}&limit=${CATALOGUE_NEXT_PAGE}`);
      expect(rest.scripts.map((script) => script.id)).toEqual(mangoScripts.slice(CATALOGUE_FIRST_PAGE));
      // The page's data (React Router's stream: key, then value) carries the total Load More counts to.
      const data = await get('/executors/mango.data');
      expect(data.response.statusCode).toBe(200);
      expect(data.html).toContain(`"total",${CATALOGUE_FIRST_PAGE + 3}`);
    });

    it('lists only its own scripts on another executor\'s page, and says so when none works on it', async () => {
      const zeta = await get('/executors/zeta');
      expect(cardLinks(zeta.html).map((path) => Number(/^\/scripts\/(\d+)/.exec(path)?.[1]))).toEqual([others.zetaOnly]);
      expect(zeta.text).not.toContain('Load More');
      const delta = await get('/executors/delta');
      expect(delta.response.statusCode).toBe(200);
      expect(cardLinks(delta.html)).toEqual([]);
      expect(delta.text).toContain('No script is known to work on Delta yet');
      expect(delta.text).toContain('0 scripts work on it');
    });

    it('has the filter bar without the executor choice, submitting to its page, and passes the filters and search to the list', async () => {
      const { html } = await get('/executors/mango?platform=pc&sort=views&executor=zeta&q=farm');
      const form = /<form[^>]*id="catalogue-filters"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      expect(form).toMatch(/<form[^>]*action="\/executors\/mango"/);
      expect(form).toMatch(/<form[^>]*method="get"/);
      expect(form).not.toContain('name="executor"');
      expect(form).toMatch(/<option value="pc" selected="">PC<\/option>/);
      expect(form).toMatch(/<option value="views" selected="">/);
      expect(form).toContain('name="game"');
      const api = await apiPage(`executor=mango&platform=pc&sort=views&q=farm&limit=${CATALOGUE_FIRST_PAGE}`);
      expect(cardLinks(html)).toEqual(api.scripts.map((script) => scriptPath(script)));
      // Filters that leave nothing offer Clear filters, back to the executor's page with its search and sort.
      const none = await get('/executors/mango?platform=mobile&patched=true');
      expect(none.text).toContain('Clear filters');
      expect(none.html).toMatch(/<a[^>]*href="\/executors\/mango"[^>]*>Clear filters<\/a>/);
    });

    it('has title, description, canonical, Open Graph and a CollectionPage of its cards; a filtered view is noindex, canonical to the page', async () => {
      const { html } = await get('/executors/mango');
      expect(html).toContain('<title>Mango Executor: Status and Scripts — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toBe(`Mango is working today. ${CATALOGUE_FIRST_PAGE + 3} Roblox scripts work on it: auto-farms and loaders tested by staff or confirmed by visitors.`);
      expect(canonicalOf(html)).toBe(`${SITE_URL}/executors/mango`);
      expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}/executors/mango`);
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
      expect(metaContent(html, 'name', 'robots')).toBeUndefined();
      const page = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { url: string; mainEntity: { itemListElement: { url: string }[] } };
      expect(page.url).toBe(`${SITE_URL}/executors/mango`);
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toEqual(cardLinks(html).map((path) => `${SITE_URL}${path}`));
      for (const url of ['/executors/mango?platform=pc', '/executors/mango?q=farm', '/executors/mango?key=false&sort=views']) {
        const filtered = (await get(url)).html;
        expect(canonicalOf(filtered), url).toBe(`${SITE_URL}/executors/mango`);
        expect(metaContent(filtered, 'name', 'robots'), url).toBe('noindex, follow');
      }
      // A sort alone is the same scripts: indexed.
      expect(metaContent((await get('/executors/mango?sort=views')).html, 'name', 'robots')).toBeUndefined();
    });

    it.each(['/executors/no-such-executor', '/executors/Not_A_Slug', '/executors/no-such-executor.data'])('answers 404 for %s', async (url) => {
      const { response, html, text } = await get(url);
      expect(response.statusCode).toBe(404);
      if (url.endsWith('.data')) return;
      expect(text).toContain('Executor not found');
      expect(html).toMatch(/<a [^>]*href="\/executors"[^>]*>All executors<\/a>/);
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    });
  });

  it('the sitemap lists /executors and every executor\'s page', async () => {
    const { response, html: body } = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = (xml.parse(body) as { urlset: { url: { loc: string }[] } }).urlset.url.map((url) => url.loc);
    expect(urls).toContain(`${SITE_URL}/executors`);
    for (const slug of ['mango', 'zeta', 'alpha', 'delta']) expect(urls).toContain(`${SITE_URL}/executors/${slug}`);
    expect(urls.filter((url) => url.startsWith(`${SITE_URL}/executors/`))).toHaveLength(4);
  });

  it('shows the admin\'s status change on the next request of both pages, though both were cached', async () => {
    const beacon = await create({ name: 'Beacon', platforms: ['mac'], status: 'working', version: '1.0' });
    const before = await get('/executors');
    expect(listedSlugs(before.html).indexOf('beacon')).toBe(0);
    expect(words(itemOf(before.html, 'beacon'))).toContain('Working');
    expect(metaContent((await get('/executors/beacon')).html, 'name', 'description')).toMatch(/^Beacon is working today/);
    await get('/executors/beacon');
    await get('/executors');
    // Both pages are cached: a change made behind the caches' back does not show.
    await ctx.db.kysely.updateTable('executors').set({ version: '9.9' }).where('id', '=', beacon.id).execute();
    expect(words(itemOf((await get('/executors')).html, 'beacon'))).toContain('Version 1.0');
    expect((await get('/executors/beacon')).text).toContain('Version 1.0');

    const patched = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/executors/${beacon.id}`, payload: { status: 'patched' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get('/executors');
    const item = itemOf(after.html, 'beacon');
    expect(/<span data-status="([^"]+)"/.exec(item)?.[1]).toBe('patched');
    expect(words(item)).toContain('Version 9.9');
    expect(words(item)).toContain('Status changed just now');
    // No longer working: after the working ones.
    expect(listedSlugs(after.html)).toEqual(['mango', 'zeta', 'alpha', 'beacon', 'delta']);
    const page = await get('/executors/beacon');
    expect(/<span data-status="([^"]+)"/.exec(page.html)?.[1]).toBe('patched');
    expect(metaContent(page.html, 'name', 'description')).toMatch(/^Beacon is patched today/);
  });
});

describe.each(dialects)('the executors\' list with none on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
  });
  afterAll(async () => ctx?.close());

  it('says there are none, with no last-checked line', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/executors', headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(200);
    const text = visibleText(response.body);
    expect(text).toContain('No executors yet');
    expect(text).not.toContain('List last checked');
    const page = jsonLd(response.body).find((item) => item['@type'] === 'CollectionPage') as { mainEntity: { numberOfItems: number } };
    expect(page.mainEntity.numberOfItems).toBe(0);
    expect(linkTags(response.body, 'canonical')).toHaveLength(1);
  });
});
