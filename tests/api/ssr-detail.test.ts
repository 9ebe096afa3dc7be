import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS } from '../../server/cache/bounded-store.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The server-rendered script page (needs `npx react-router build`): content, SEO head, 404s and views.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SITE_URL = 'https://scripts.example';

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** Rendered text as a reader sees it: React's `<!-- -->` separators dropped, entities decoded. */
function visibleText(html: string): string {
  return html.replaceAll('<!-- -->', '').replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The `content` of `<meta {attribute}="{key}" content="...">`, decoded; undefined when absent. */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)].map((match) => match[0]).find((candidate) => candidate.includes(`${attribute}="${key}"`));
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return content === undefined ? undefined : visibleText(content);
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

describe.each(dialects)('server-rendered script page on %s', (dialect) => {
  let ctx: TestContext;
  let bare: TestContext;
  let farm: { id: number };
  let plain: { id: number };
  let tricky: { id: number };
  let wordy: { id: number };

  const clock = testClock();

  beforeAll(async () => {
    [ctx, bare] = await Promise.all([
      createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' }, now: clock.now }),
      createTestContext(dialect, { web: true }),
    ]);
    farm = await insertScript(ctx.services, {
      playsname: 'Blox Fruits Auto Farm',
      description: 'Levels you from 1 to max with smart quest selection.',
      loadstring: 'loadstring(game:HttpGet("https://example.com/bf.lua"))()',
      imageKey: 'feedfacefeedfacefeedfacefeedface',
      createdAt: new Date(Date.UTC(2026, 2, 5, 12, 0)),
    });
    plain = await insertScript(ctx.services, { playsname: 'Plain Script', description: '   ', imageKey: null });
    tricky = await insertScript(ctx.services, {
      playsname: '</script><script>alert(1)</script>',
      description: 'Sneaky <img src=x onerror=alert(2)> & more',
    });
    wordy = await insertScript(ctx.services, { playsname: 'Wordy Script', description: 'word '.repeat(100) });
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), bare?.close()]);
  });

  const page = async (url: string, { context = ctx, ua = BROWSER, host }: { context?: TestContext; ua?: string; host?: string } = {}) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { 'user-agent': ua, ...(host ? { host } : {}) } });
    return { response, html: response.body, text: visibleText(response.body) };
  };

  async function storedViews(id: number): Promise<number> {
    const row = await ctx.db.kysely.selectFrom('scripts').select('views').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.views);
  }

  it('renders the name, date, views, description and loader text into the HTML', async () => {
    const { response, html, text } = await page(`/scripts/${farm.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(html).toMatch(/<h1[^>]*>Blox Fruits Auto Farm<\/h1>/);
    expect(text).toContain('05.03.2026');
    expect(text).toContain('0 views');
    expect(text).toContain('Levels you from 1 to max with smart quest selection.');
    expect(text).toContain('loadstring(game:HttpGet("https://example.com/bf.lua"))()');
    expect(text).toContain('Description');
    expect(text).toContain('Copy');
    expect(text).toContain('Back to scripts');
    for (const question of ['How do I get the script?', 'Why should I disable my adblocker?', 'Is this site safe?']) {
      expect(text).toContain(question);
    }
  });

  it("leaves a gated script's loader text out of its page and data, while the API still answers it", async () => {
    const secret = 'loadstring(game:HttpGet("https://example.com/behind-the-gate.lua"))()';
    const gated = await insertScript(ctx.services, { playsname: 'Gated Script', loadstring: secret, channels: [{ name: 'gate_channel', url: 'https://t.me/gate_channel' }] });
    for (const url of [`/scripts/${gated.id}`, `/scripts/${gated.id}.data`]) {
      const { response, html } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(html, url).toContain('Gated Script');
      expect(html, url).not.toContain('behind-the-gate');
    }
    const api = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${gated.id}`, headers: { 'user-agent': BROWSER } });
    expect(api.json()).toMatchObject({ id: gated.id, loadstring: secret });

    // The site-wide gate holds back every script's loader, until its channels are gone again.
    const open = `/scripts/${farm.id}`;
    expect((await page(open)).html).toContain('example.com/bf.lua');
    const siteChannel = await ctx.services.siteChannels.add({ name: 'site_gate', url: 'https://t.me/site_gate' });
    try {
      expect((await page(open)).html).not.toContain('example.com/bf.lua');
      expect((await page(`${open}.data`)).html).not.toContain('example.com/bf.lua');
    } finally {
      await ctx.services.siteChannels.remove(siteChannel.id);
    }
    expect((await page(open)).html).toContain('example.com/bf.lua');
  });

  it('has a title, description, canonical link (the slug URL), Open Graph and Twitter tags with absolute URLs', async () => {
    const { html } = await page(`/scripts/${farm.id}`);
    const url = `${SITE_URL}/scripts/${farm.id}-blox-fruits-auto-farm`;
    const image = `${SITE_URL}/uploads/feedfacefeedfacefeedfacefeedface.webp`;
    expect(html).toContain('<title>Blox Fruits Auto Farm — ScriptHub</title>');
    expect(metaContent(html, 'name', 'description')).toBe('Levels you from 1 to max with smart quest selection.');
    expect(canonicalOf(html)).toBe(url);
    expect(metaContent(html, 'property', 'og:title')).toBe('Blox Fruits Auto Farm');
    expect(metaContent(html, 'property', 'og:description')).toBe('Levels you from 1 to max with smart quest selection.');
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:image')).toBe(image);
    expect(metaContent(html, 'property', 'og:site_name')).toBe('ScriptHub');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('Blox Fruits Auto Farm');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();
  });

  it('describes the script in parseable schema.org JSON-LD', async () => {
    const { html } = await page(`/scripts/${farm.id}`);
    const code = jsonLd(html).find((item) => item['@type'] === 'SoftwareSourceCode');
    expect(code).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Blox Fruits Auto Farm',
      description: 'Levels you from 1 to max with smart quest selection.',
      url: `${SITE_URL}/scripts/${farm.id}-blox-fruits-auto-farm`,
      image: `${SITE_URL}/uploads/feedfacefeedfacefeedfacefeedface.webp`,
      dateCreated: '2026-03-05T12:00:00.000Z',
      interactionStatistic: { '@type': 'InteractionCounter', userInteractionCount: 0 },
    });
    const breadcrumbs = jsonLd(html).find((item) => item['@type'] === 'BreadcrumbList');
    expect(breadcrumbs).toBeDefined();
  });

  it('escapes names in the markup and in the JSON-LD, which still parses to the original name', async () => {
    const { html } = await page(`/scripts/${tricky.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    const code = jsonLd(html).find((item) => item['@type'] === 'SoftwareSourceCode');
    expect(code?.name).toBe('</script><script>alert(1)</script>');
    expect(code?.description).toBe('Sneaky <img src=x onerror=alert(2)> & more');
  });

  it('falls back for a blank description and a missing image', async () => {
    const { html, text } = await page(`/scripts/${plain.id}`);
    expect(text).toContain('Описание отсутствует');
    expect(text).toContain('No Image');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Plain Script: /);
    expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
  });

  it('clips a long description to about 160 characters in the meta tags', async () => {
    const { html } = await page(`/scripts/${wordy.id}`);
    const description = metaContent(html, 'name', 'description') ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(120);
    expect(description.endsWith('…')).toBe(true);
  });

  it('builds absolute URLs on the request origin when SITE_URL is unset', async () => {
    const script = await insertScript(bare.services, { playsname: 'Mirror Script', imageKey: 'abcdabcdabcdabcdabcdabcdabcdabcd' });
    const { html } = await page(`/scripts/${script.id}`, { context: bare, host: 'mirror.test:8080' });
    expect(canonicalOf(html)).toBe(`http://mirror.test:8080/scripts/${script.id}-mirror-script`);
    expect(metaContent(html, 'property', 'og:image')).toBe('http://mirror.test:8080/uploads/abcdabcdabcdabcdabcdabcdabcdabcd.webp');
    const code = jsonLd(html).find((item) => item['@type'] === 'SoftwareSourceCode');
    expect(code?.url).toBe(`http://mirror.test:8080/scripts/${script.id}-mirror-script`);
  });

  it.each(['999999', 'abc', '0', '99999999999', '1.5', '-1', '01', '+1'])('answers 404 "Script not found" for /scripts/%s', async (id) => {
    const { response, html, text } = await page(`/scripts/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(text).toContain('Script not found');
    expect(text).toContain('The requested script does not exist');
    expect(text).toContain('Return to list');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });

  it('counts a browser page view at the flush, once per visitor', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Counted Script' });
    expect((await page(`/scripts/${script.id}`)).response.statusCode).toBe(200);
    expect((await page(`/scripts/${script.id}`)).response.statusCode).toBe(200);
    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(1);
    // The flush keeps the cached page; the new figure shows once it is a minute old.
    expect((await page(`/scripts/${script.id}`)).text).toContain('0 views');
    clock.advance(ANSWER_MAX_AGE_MS + 1);
    expect((await page(`/scripts/${script.id}`)).text).toContain('1 views');
  });

  it("counts a view for the page's data request, asked with or without a trailing slash", async () => {
    const plainForm = await insertScript(ctx.services, { playsname: 'Data Request Script' });
    const slashForm = await insertScript(ctx.services, { playsname: 'Slash Data Request Script' });
    await ctx.services.views.flush();
    // Client-side navigation to /scripts/<id> fetches /scripts/<id>.data, to /scripts/<id>/ /scripts/<id>/_.data.
    for (const [script, name, url] of [
      [plainForm, 'Data Request Script', `/scripts/${plainForm.id}.data`],
      [slashForm, 'Slash Data Request Script', `/scripts/${slashForm.id}/_.data`],
    ] as const) {
      const { response } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/x-script');
      expect(response.body, url).toContain(name);
      await ctx.services.views.flush();
      expect(await storedViews(script.id), url).toBe(1);
    }
  });

  it('answers 404 for a leading-zero spelling of an existing id, counting no view (one id rule with the API)', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Zero-padded Script' });
    await ctx.services.views.flush();
    for (const path of [`/scripts/0${script.id}`, `/scripts/000${script.id}`, `/scripts/0${script.id}.data`]) {
      expect((await page(path)).response.statusCode, path).toBe(404);
    }
    expect(ctx.services.views.pendingCount).toBe(0);
  });

  it('does not count a crawler, nor a missing script', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Crawled Script' });
    await ctx.services.views.flush();
    expect((await page(`/scripts/${script.id}`, { ua: GOOGLEBOT })).response.statusCode).toBe(200);
    expect((await page('/scripts/999999')).response.statusCode).toBe(404);
    expect(ctx.services.views.pendingCount).toBe(0);
    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(0);
  });

  it('gives the catalogue a canonical link and keeps searches out of the index', async () => {
    const all = await page('/scripts');
    expect(canonicalOf(all.html)).toBe(`${SITE_URL}/scripts`);
    expect(metaContent(all.html, 'name', 'robots')).toBeUndefined();
    expect(metaContent(all.html, 'name', 'description')).toBeTruthy();

    const search = await page('/scripts?q=fruits');
    expect(canonicalOf(search.html)).toBe(`${SITE_URL}/scripts`);
    expect(metaContent(search.html, 'name', 'robots')).toBe('noindex, follow');
    expect(search.text).toContain('Latest Roblox Scripts');
    expect(search.text).toContain('Results for “fruits”');
  });
});
