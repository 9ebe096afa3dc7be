import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../web/lib/format.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { visibleText } from '../helpers/html.ts';
import { scriptForm } from '../helpers/staff.ts';

// The script page's History section as the server renders it (issue 28; needs `npm run build`): each
// update's date and plain sentences, high findings first, Show changes on every update after the
// first, and never a version's loader text in the HTML, of a gated script above all.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/history/hub.lua"))()';
const PASTE = 'loadstring(game:HttpGet("https://pastebin.com/raw/history0"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/history", Method = "POST", Body = "stats" })';

interface Item {
  version: number;
  /** The item's heading as read: "Version N · saved <date>". */
  heading: string;
  /** Each change sentence with its severity mark (high only), in page order. */
  changes: { severity: string | null; text: string }[];
  /** What the item says when it lists no change (first version, nothing the analysis sees). */
  note: string | null;
  showChanges: boolean;
}

/** The History section of a page, or undefined when there is none. */
function historyOf(html: string): string | undefined {
  return /<section id="history"[\s\S]*?<\/section>/.exec(html)?.[0];
}

const textOf = (html: string) => visibleText(html.replace(/<[^>]+>/g, '')).trim();

function itemsOf(section: string): Item[] {
  return section.split('<li id="version-').slice(1).map((chunk) => ({
    version: Number(/^(\d+)"/.exec(chunk)?.[1]),
    heading: textOf(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(chunk)?.[1] ?? ''),
    changes: [...chunk.matchAll(/<li( data-severity="(\w+)")? class="history-change">(?:<span class="badge[^"]*">[^<]*<\/span>)?([\s\S]*?)<\/li>/g)].map((match) => ({
      severity: match[2] ?? null,
      text: textOf(match[3] ?? ''),
    })),
    note: /<p class="mt-2[^"]*">([^<]*)<\/p>/.exec(chunk)?.[1] ?? null,
    showChanges: chunk.includes('data-version="'),
  }));
}

describe.each(dialects)('the History section of the script page on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const create = async (loadstring: string, channels: string[] = []) => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: scriptForm({ playsname: 'History Hub', description: 'Versions', loadstring, channels }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const edit = async (id: number, loadstring: string) => {
    const response = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm({ loadstring }) });
    expect(response.statusCode, response.body).toBe(200);
  };
  const page = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const dates = async (id: number) => {
    const versions = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions` })).json() as { version: number; createdAt: string }[];
    return new Map(versions.map((item) => [item.version, formatDate(item.createdAt, ctx.config.timeZone)]));
  };

  it('lists each update newest first with its date and a sentence per change, high findings first and marked', async () => {
    const id = await create(HUB);
    await edit(id, `${HUB}\n${PASTE}\n${WEBHOOK}`);
    await edit(id, `${HUB}\n${WEBHOOK}`);
    await edit(id, `-- the same calls\n${HUB}\n${WEBHOOK}`);
    const section = historyOf(await page(`/scripts/${id}`));
    expect(section).toBeDefined();
    expect(textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(section ?? '')?.[1] ?? '')).toBe('History');
    const on = await dates(id);
    expect(itemsOf(section ?? '')).toEqual([
      { version: 4, heading: `Version 4 · saved ${on.get(4)}`, changes: [], note: 'Changes the code, not what the loader does.', showChanges: true },
      {
        version: 3,
        heading: `Version 3 · saved ${on.get(3)}`,
        changes: [
          { severity: null, text: 'No longer loads code through a link shortener or a paste site' },
          { severity: null, text: 'No longer fetches from pastebin.com' },
        ],
        note: null,
        showChanges: true,
      },
      {
        version: 2,
        heading: `Version 2 · saved ${on.get(2)}`,
        changes: [
          { severity: 'high', text: 'Adds a request to a Discord webhook' },
          { severity: 'medium', text: 'Now loads code through a link shortener or a paste site' },
          { severity: null, text: 'Now fetches from discord.com' },
          { severity: null, text: 'Now fetches from pastebin.com' },
        ],
        note: null,
        showChanges: true,
      },
      { version: 1, heading: `Version 1 · saved ${on.get(1)}`, changes: [], note: 'First version', showChanges: false },
    ]);
    // The high finding reads "High risk" in words, not only in colour.
    expect(visibleText(section ?? '')).toMatch(/High risk<\/span>Adds a request to a Discord webhook/);
    // Each Show changes names its version for a screen reader and controls the empty block its diff goes in.
    expect(section).toContain('aria-controls="version-2-changes"');
    expect(section).toContain('<div id="version-2-changes" hidden=""></div>');
    // After the compatibility table, before the footer facts.
    const html = await page(`/scripts/${id}`);
    expect(html.indexOf('id="compatibility-heading"')).toBeLessThan(html.indexOf('id="history"'));
    expect(html.indexOf('id="history"')).toBeLessThan(html.indexOf('id="facts-heading"'));
  });

  it('shows the section with its first version alone, and says the loader has not been updated', async () => {
    const id = await create(HUB);
    const section = historyOf(await page(`/scripts/${id}`)) ?? '';
    expect(visibleText(section)).toContain('The loader has not been updated since it was added.');
    expect(itemsOf(section)).toEqual([{ version: 1, heading: `Version 1 · saved ${(await dates(id)).get(1)}`, changes: [], note: 'First version', showChanges: false }]);
  });

  it('lists the latest 20 updates of a longer history and says so', async () => {
    const id = await create('print(0)');
    for (let n = 1; n <= 21; n++) await edit(id, `print(${n})`);
    const items = itemsOf(historyOf(await page(`/scripts/${id}`)) ?? '');
    expect(items.map((item) => item.version)).toEqual(Array.from({ length: 20 }, (_, n) => 22 - n));
    expect(visibleText(historyOf(await page(`/scripts/${id}`)) ?? '')).toContain('The latest 20 updates are shown.');
  });

  it("gives a gated script's history to everyone without the loader text of any version, in its HTML and its data", async () => {
    const before = 'loadstring(game:HttpGet("https://example.com/history-gated-before.lua"))()';
    const after = `${before}\nrequest({ Url = "https://discord.com/api/webhooks/2/history-gated-after", Method = "POST" })`;
    const id = await create(before, ['@history_gate']);
    await edit(id, after);
    for (const url of [`/scripts/${id}`, `/scripts/${id}.data`]) {
      const body = await page(url);
      expect(body, url).toContain('Adds a request to a Discord webhook');
      expect(body, url).not.toContain('history-gated-before');
      expect(body, url).not.toContain('history-gated-after');
    }
    expect(itemsOf(historyOf(await page(`/scripts/${id}`)) ?? '').map((item) => [item.version, item.showChanges])).toEqual([
      [2, true],
      [1, false],
    ]);

    // Behind the site-wide gate, an ungated script's versions stay out of its page too.
    const open = await create(HUB);
    await edit(open, PASTE);
    const channel = await ctx.services.siteChannels.add({ name: 'history_site_gate', url: 'https://t.me/history_site_gate' });
    try {
      const body = await page(`/scripts/${open}`);
      expect(body).toContain('No longer fetches from raw.githubusercontent.com');
      expect(body).not.toContain('history/hub.lua');
      expect(body).not.toContain('pastebin.com/raw/history0');
    } finally {
      await ctx.services.siteChannels.remove(channel.id);
    }
  });
});
