import { foldDomain, hostMatches } from './domains.ts';
import { FINDING_CODES, finding, type FindingCode, type LoaderFinding } from './loader-findings.ts';
import { type LuauToken, tokenize } from './luau-tokens.ts';
import { type LoaderValues, loaderValues } from './loader-values.ts';

/**
 * What a loader will fetch and do, read from its tokens (docs/decisions.md#loader-findings): the
 * domains it fetches from and its findings, worst first. The same code runs on save (server) and
 * while a loader is typed (staff forms). Comments never count, and a string counts only where the
 * code uses it: passed to a fetch, or put in a name that is.
 */
export interface LoaderAnalysis {
  /** Hosts of every URL the loader fetches, lower case, without `www.`, sorted. */
  domains: string[];
  findings: LoaderFinding[];
}

/**
 * Raised whenever what the analysis finds changes, so stored analyses are redone: a server start
 * re-analyses every stored loader once per version (docs/decisions.md#stored-loader-analysis).
 * 2: fetches under other names, request tables in names, texts joined across `..`, index strings,
 * `string.char` bytes, Guilded media and versioned Discord webhooks.
 */
export const ANALYSIS_VERSION = 2;

export interface AnalysisOptions {
  /** Domains whose code the site trusts (a subdomain counts): their fetches are information only. */
  trusted?: readonly string[];
}

/** Calls that fetch: `game:HttpGet(url)`, `request({ Url = url })`, `syn.request`, `http_request`, `game:GetObjects`. */
const FETCHES = new Set(['HttpGet', 'HttpGetAsync', 'HttpPost', 'HttpPostAsync', 'GetObjects', 'request', 'http_request', 'RequestAsync']);
/** Calls that run text as code. */
const RUNS_CODE = new Set(['loadstring', 'load']);

const NAMES: [FindingCode, readonly string[]][] = [
  ['hardware-id', ['GetClientId', 'gethwid', 'get_hwid', 'GetHWID']],
  ['clipboard', ['setclipboard', 'toclipboard', 'set_clipboard', 'write_clipboard', 'setrbxclipboard']],
  ['file-write', ['writefile', 'appendfile', 'delfile', 'delfolder']],
  ['obfuscated', ['getfenv', 'setfenv', 'LPH_OBFUSCATED', 'LPH_JIT', 'LPH_JIT_MAX', 'LPH_NO_VIRTUALIZE', 'MoonSec_StringsHiddenAttr']],
  ['teleport', ['queue_on_teleport', 'queueonteleport', 'Teleport', 'TeleportAsync', 'TeleportToPlaceInstance', 'TeleportToPrivateServer']],
];

const WEBHOOK = /^(?:(?:canary\.|ptb\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks|(?:media\.)?guilded\.gg\/(?:api\/)?webhooks|webhook\.lewisakura\.moe|hooks\.hyra\.io)/i;
const IP_LOOKUPS = ['ip-api.com', 'ipinfo.io', 'ipify.org', 'ipapi.co', 'ifconfig.me', 'icanhazip.com', 'ipwho.is', 'ipwhois.app', 'geolocation-db.com', 'iplocation.net', 'myexternalip.com'];
const SHORT_OR_PASTE = ['bit.ly', 'tinyurl.com', 'is.gd', 'cutt.ly', 't.co', 'goo.gl', 'rb.gy', 'shorturl.at', 'tiny.cc', 'pastebin.com', 'paste.ee', 'hastebin.com', 'ghostbin.com', 'rentry.co', 'pastefy.app', 'controlc.com'];

/** A string spelled with this many `\ddd` or `\xXX` escapes, or `string.char` given this many numbers, is hiding its text. */
const ESCAPED_BYTES = 40;
/** A string at least this long whose characters carry at least ENTROPY_BITS of information each reads as packed code. */
const DENSE_LENGTH = 1_000;
const ENTROPY_BITS = 5;

const URL_IN_TEXT = /https?:\/\/[^\s"'`<>\\]+/gi;

export function analyseLoader(source: string, options: AnalysisOptions = {}): LoaderAnalysis {
  const raw = tokenize(source);
  const tokens = withIndexNames(raw);
  const found = new Set<FindingCode>();
  const urls = fetchedUrls(tokens, loaderValues(tokens, source, FETCHES));
  const hosts = [...new Set(urls.map(hostOf).filter((host): host is string => host !== undefined))].sort();

  // A URL is a webhook, an IP lookup, or code (or data) the loader fetches.
  const codeHosts = new Set<string>();
  for (const url of urls) {
    const host = hostOf(url);
    if (WEBHOOK.test(url.replace(/^https?:\/\/(www\.)?/i, ''))) found.add('webhook');
    else if (host && matches(host, IP_LOOKUPS)) found.add('ip-lookup');
    else if (host) codeHosts.add(host);
  }
  if ([...codeHosts].some((host) => matches(host, SHORT_OR_PASTE))) found.add('short-link');
  if (codeHosts.size > 0 && tokens.some((token) => token.kind === 'name' && RUNS_CODE.has(token.text))) {
    found.add([...codeHosts].every((host) => matches(host, options.trusted ?? [])) ? 'trusted-remote-code' : 'remote-code');
  }
  for (const [code, names] of NAMES) if (tokens.some((token) => token.kind === 'name' && names.includes(token.text))) found.add(code);
  if (tokens.some((token, i) => token.kind === 'string' && token.text === 'TeleportService' && calledName(tokens, i) === 'GetService')) found.add('teleport');
  if (raw.some((token) => token.kind === 'string' && hidesText(token, source)) || tokens.some((_, i) => spellsBytes(tokens, i))) found.add('obfuscated');

  // Worst first; within a severity, in the catalogue's order.
  return { domains: hosts, findings: FINDING_CODES.filter((code) => found.has(code)).map(finding).sort((a, b) => rank(a) - rank(b)) };
}

const rank = (item: LoaderFinding) => ['high', 'medium', 'info'].indexOf(item.severity);

/**
 * `x["HttpGet"]` read as `x.HttpGet`: a name spelled as an index string (often with escapes) is still
 * the name, for calls, for the names the findings look for and for `t["Url"] = …`.
 */
function withIndexNames(tokens: LuauToken[]): LuauToken[] {
  const out: LuauToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const [open, inner, close] = [tokens[i], tokens[i + 1], tokens[i + 2]] as LuauToken[];
    if (open?.text === '[' && open.kind === 'symbol' && inner?.kind === 'string' && /^[A-Za-z_]\w*$/.test(inner.text) && close?.text === ']' && close.kind === 'symbol') {
      out.push({ kind: 'symbol', text: '.', offset: open.offset, end: inner.offset }, { kind: 'name', text: inner.text, offset: inner.offset, end: close.end });
      i += 2;
    } else out.push(open as LuauToken);
  }
  return out;
}

/**
 * Every URL in a text the code fetches: in a fetch call's arguments (a fetch or a name given one),
 * directly, joined across `..`, or through names given such texts (see loader-values.ts), so a URL in
 * an unrelated string (`print("see https://…")`) is not one.
 */
function fetchedUrls(tokens: LuauToken[], values: LoaderValues): string[] {
  const urls: string[] = [];
  tokens.forEach((token, i) => {
    if (token.kind !== 'name' || !values.isFetch(token.text)) return;
    const args = argumentsOf(tokens, i + 1);
    for (const text of values.textsIn(args, 0, args.length)) urls.push(...(text.match(URL_IN_TEXT) ?? []));
  });
  return urls;
}

/** `string.char(104, 116, …)` with at least ESCAPED_BYTES numbers: text spelled as bytes. */
function spellsBytes(tokens: LuauToken[], i: number): boolean {
  if (tokens[i]?.text !== 'char' || tokens[i - 1]?.text !== '.' || tokens[i + 1]?.text !== '(') return false;
  return argumentsOf(tokens, i + 1).filter((token) => token.kind === 'number').length >= ESCAPED_BYTES;
}

/** The tokens of a call's arguments: `(…)` to its closing parenthesis, a `{…}` table, or one string. */
function argumentsOf(tokens: LuauToken[], at: number): LuauToken[] {
  const first = tokens[at];
  if (!first) return [];
  if (first.kind === 'string') return [first];
  const close = first.text === '(' ? ')' : first.text === '{' ? '}' : undefined;
  if (first.kind !== 'symbol' || !close) return [];
  let depth = 0;
  for (let j = at; j < tokens.length; j += 1) {
    const text = (tokens[j] as LuauToken).kind === 'symbol' ? (tokens[j] as LuauToken).text : '';
    if (text === '(' || text === '{' || text === '[') depth += 1;
    if (text === ')' || text === '}' || text === ']') depth -= 1;
    if (depth === 0) return tokens.slice(at + 1, j);
  }
  return tokens.slice(at + 1);
}

/** The name of the call a string is the first argument of (`GetService("X")`), if any. */
function calledName(tokens: LuauToken[], i: number): string | undefined {
  const before = tokens[i - 1];
  if (before?.kind === 'symbol' && before.text === '(') return tokens[i - 2]?.kind === 'name' ? tokens[i - 2]?.text : undefined;
  return before?.kind === 'name' ? before.text : undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return foldDomain(new URL(url).hostname);
  } catch {
    return undefined;
  }
}

/** Whether a host is one of the domains or a subdomain of one. */
function matches(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => hostMatches(host, domain));
}

/** A string spelled in escaped bytes, or long and dense enough to be packed code. */
function hidesText(token: LuauToken, source: string): boolean {
  const raw = source.slice(token.offset, token.end);
  const escapes = raw.match(/\\(?:\d{1,3}|x[0-9A-Fa-f]{2})/g)?.length ?? 0;
  return escapes >= ESCAPED_BYTES || (token.text.length >= DENSE_LENGTH && entropy(token.text) >= ENTROPY_BITS);
}

/** Shannon entropy of a text, in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}
