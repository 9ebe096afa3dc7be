import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertExecutor, setCompatibility } from '../helpers/compatibility.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { cardsOf, visibleText } from '../helpers/html.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';

// What visitors see of executors on server-rendered pages (issue 27; needs `npm run build`): a
// script's compatibility table, "No working executor known" beside Copy, "Get a key", and the cards'
// PC / Mobile marks. The compatibility is arranged directly in the database.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const KEY_LINK = 'https://keys.example/get?script=hub&step=1';

/** The compatibility section's HTML (the server's rendering inside its wrapper). */
function compatibilityOf(html: string): string {
  return /<div data-testid="compatibility">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
}

/** Each table row's executor slug and its cells as text, in page order. */
function rowsOf(section: string): { executor: string; status: string; text: string }[] {
  return [...section.matchAll(/<tr data-executor="([^"]+)" data-status="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((match) => ({
    executor: match[1] as string,
    status: match[2] as string,
    text: visibleText((match[3] as string).replace(/<[^>]+>/g, '|')).replace(/\|+/g, '|'),
  }));
}

/** The platform marks of the card whose title is `name`: the items of its "Works on" list. */
function marksOf(html: string, name: string): string[] | undefined {
  const card = cardsOf(html).find((candidate) => candidate.includes(`>${name}</h2>`));
  if (!card) return undefined;
  const list = /<ul aria-label="Works on"[^>]*>([\s\S]*?)<\/ul>/.exec(card)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((match) => match[1] as string);
}

describe.each(dialects)('executors on the server-rendered pages on %s', (dialect) => {
  let ctx: TestContext;
  const scripts = { mixed: 0, stranded: 0, empty: 0, mobile: 0 };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    const game = await insertGame(ctx, 'Compat Game', 'compat-game');
    const executors = {
      synapse: await insertExecutor(ctx, { name: 'Synapse Z', slug: 'synapse-z', platforms: ['windows'] }),
      delta: await insertExecutor(ctx, { name: 'Delta', slug: 'delta', platforms: ['android', 'ios'] }),
      krnl: await insertExecutor(ctx, { name: 'Krnl', slug: 'krnl', platforms: ['windows'], status: 'patched' }),
      oldie: await insertExecutor(ctx, { name: 'Oldie', slug: 'oldie', platforms: ['mac'], status: 'discontinued' }),
      arceus: await insertExecutor(ctx, { name: 'Arceus X', slug: 'arceus-x', platforms: ['android'], status: 'updating' }),
    };
    const add = async (playsname: string) => (await insertScript(ctx.services, { playsname, loadstring: `print("${playsname}")` })).id;
    scripts.mixed = await add('Mixed Hub');
    scripts.stranded = await add('Stranded Hub');
    scripts.empty = await add('Quiet Hub');
    scripts.mobile = await add('Phone Hub');
    for (const id of Object.values(scripts)) await setFacts(ctx, id, { gameId: game });
    await setFacts(ctx, scripts.mixed, { keySystem: true, keyLink: KEY_LINK });

    await setCompatibility(ctx, scripts.mixed, executors.synapse, { tested: true, worksYes: 2 });
    await setCompatibility(ctx, scripts.mixed, executors.delta, { worksYes: 3, worksNo: 1 });
    await setCompatibility(ctx, scripts.mixed, executors.krnl, { tested: true, worksNo: 4 });
    await setCompatibility(ctx, scripts.mixed, executors.arceus, { worksYes: 1 });
    await setCompatibility(ctx, scripts.stranded, executors.krnl, { tested: true });
    await setCompatibility(ctx, scripts.stranded, executors.oldie, { worksYes: 2 });
    // More no than yes: Delta does not count as working for it, so it has no platform.
    await setCompatibility(ctx, scripts.mobile, executors.delta, { worksYes: 1, worksNo: 2 });
    await setCompatibility(ctx, scripts.mobile, executors.arceus, { tested: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const page = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const scriptPage = async (id: number) => page(`/scripts/${id}`);

  it('renders the compatibility table: working executors first, platforms, the staff mark, recent counts, unusable ones marked', async () => {
    const html = await scriptPage(scripts.mixed);
    const section = compatibilityOf(html);
    expect(visibleText(section)).toContain('Compatibility');
    expect(section).toContain('<table');
    const rows = rowsOf(section);
    expect(rows.map((row) => [row.executor, row.status])).toEqual([
      ['delta', 'working'],
      ['synapse-z', 'working'],
      ['arceus-x', 'updating'],
      ['krnl', 'patched'],
    ]);
    expect(rows[0]?.text).toBe('|Delta|Android|iOS|—|Not tested|3|1|');
    expect(rows[1]?.text).toBe('|Synapse Z|Windows|Tested|2|0|');
    expect(rows[2]?.text).toBe('|Arceus X|Updating|Android|—|Not tested|1|0|');
    expect(rows[3]?.text).toBe('|Krnl|Patched|Windows|Tested|0|4|');
    // Each executor's name leads to its page.
    expect(section).toContain('href="/executors/synapse-z"');
    // Some executors work: nothing is said beside Copy.
    expect(visibleText(html)).not.toContain('No working executor known');
  });

  it('says "No working executor known" beside Copy when every executor of the script is patched or discontinued', async () => {
    const html = await scriptPage(scripts.stranded);
    const rows = rowsOf(compatibilityOf(html));
    expect(rows.map((row) => row.status)).toEqual(['patched', 'discontinued']);
    const note = html.indexOf('No working executor known');
    expect(note).toBeGreaterThan(-1);
    // In the loader's bar, just before its Copy button.
    const copy = html.indexOf('>Copy<', note);
    expect(copy).toBeGreaterThan(note);
    expect(html.slice(note, copy)).not.toContain('<pre');
  });

  it('shows the empty state when a script has no compatibility data', async () => {
    const html = await scriptPage(scripts.empty);
    const section = compatibilityOf(html);
    expect(visibleText(section)).toContain('No compatibility data yet.');
    expect(section).not.toContain('<table');
    expect(visibleText(html)).not.toContain('No working executor known');
  });

  it('links the key page as "Get a key" (nofollow, ugc, a new tab) only for a key-system script with a key link', async () => {
    const html = await scriptPage(scripts.mixed);
    const links = [...html.matchAll(/<a [^>]*>(?:(?!<\/a>)[\s\S])*Get a key[\s\S]*?<\/a>/g)].map((match) => match[0]);
    expect(links).toHaveLength(1);
    const tag = /<a [^>]*>/.exec(links[0] as string)?.[0] ?? '';
    expect(tag).toContain(`href="${KEY_LINK.replaceAll('&', '&amp;')}"`);
    expect(tag).toContain('rel="nofollow noopener ugc"');
    expect(tag).toContain('target="_blank"');
    expect(visibleText(links[0] as string)).toContain('(opens in a new tab)');
    expect(visibleText(await scriptPage(scripts.empty))).not.toContain('Get a key');
  });

  it('marks the cards PC and Mobile from the platforms of the executors each script works on, on the catalogue and the game page', async () => {
    for (const url of ['/scripts', '/games/compat-game']) {
      const html = await page(url);
      // Synapse Z tested (Windows), Delta more yes than no (Android, iOS), Arceus X answered yes (Android).
      expect(marksOf(html, 'Mixed Hub'), url).toEqual(['PC', 'Mobile']);
      // Tested on a patched executor still says where it ran; the discontinued Mac one has more yes than no.
      expect(marksOf(html, 'Stranded Hub'), url).toEqual(['PC']);
      expect(marksOf(html, 'Phone Hub'), url).toEqual(['Mobile']);
      // No data: no list at all.
      expect(marksOf(html, 'Quiet Hub'), url).toEqual([]);
    }
  });
});
