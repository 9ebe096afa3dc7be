import { foldDomain, hostMatches } from './domains.ts';
import { BudgetSpent, MAX_STEPS, StepBudget } from './loader-budget.ts';
import { FINDING_CODES, FINDING_SEVERITIES, FINDINGS, finding, type FindingCode, type FindingSeverity, type LoaderFinding } from './loader-findings.ts';
import { closingBrackets } from './loader-structure.ts';
import { type LoaderValues, loaderValues } from './loader-values.ts';
import { type LuauToken, tokenize } from './luau-tokens.ts';

/**
 * What a loader will fetch and do, read from its tokens (docs/decisions/0018-loader-analysis.md#loader-findings): the
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
 * re-analyses every stored loader once per version (docs/decisions/0018-loader-analysis.md#stored-loader-analysis).
 * 2: fetches under other names, request tables in names, texts joined across `..`, index strings,
 * `string.char` bytes, Guilded media and versioned Discord webhooks.
 * 3: linear and bounded (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md): the `incomplete`
 * finding, an assignment ends where the next one starts, and the stored analysis keeps the hosts whose
 * code the loader runs (`codeHosts`), so trust is applied without reading the loader again.
 */
export const ANALYSIS_VERSION = 3;

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

/**
 * What a loader does before any trust is applied, as the server stores it
 * (docs/decisions/0018-loader-analysis.md#stored-loader-analysis): its hosts, its findings' codes worst first, and the hosts
 * whose code it runs (`remote-code` is about them: trust applies to them alone, without reading the
 * loader again). `steps`: the work it took, at most MAX_STEPS.
 */
export interface LoaderFacts {
  domains: string[];
  findings: FindingCode[];
  codeHosts: string[];
  steps: number;
}

export function analyseLoader(source: string, options: AnalysisOptions = {}): LoaderAnalysis {
  return withTrust(loaderFacts(source), options.trusted ?? []);
}

/**
 * A loader's facts, in steps linear in its length and never more than MAX_STEPS
 * (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md). Past the budget, what the names
 * hold is not known: every URL in the loader's strings then counts as fetched (so a blocked domain
 * still blocks) and `incomplete` says the reading stopped.
 */
export function loaderFacts(source: string, limit = MAX_STEPS): LoaderFacts {
  const budget = new StepBudget(limit);
  const raw = tokenize(source);
  const tokens = withIndexNames(raw);
  const found = new Set<FindingCode>();
  let urls: Set<string>;
  try {
    budget.spend(tokens.length);
    urls = fetchedUrls(tokens, loaderValues(tokens, source, FETCHES, budget), budget);
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    found.add('incomplete');
    urls = new Set(raw.flatMap((token) => (token.kind === 'string' ? (token.text.match(URL_IN_TEXT) ?? []) : [])));
  }
  const hosts = new Map([...urls].map((url) => [url, hostOf(url)] as const));

  // A URL is a webhook, an IP lookup, or code (or data) the loader fetches.
  const codeHosts = new Set<string>();
  for (const [url, host] of hosts) {
    if (WEBHOOK.test(url.replace(/^https?:\/\/(www\.)?/i, ''))) found.add('webhook');
    else if (host && matches(host, IP_LOOKUPS)) found.add('ip-lookup');
    else if (host) codeHosts.add(host);
  }
  if ([...codeHosts].some((host) => matches(host, SHORT_OR_PASTE))) found.add('short-link');
  const runsCode = codeHosts.size > 0 && tokens.some((token) => token.kind === 'name' && RUNS_CODE.has(token.text));
  if (runsCode) found.add('remote-code');
  for (const [code, names] of NAMES) if (tokens.some((token) => token.kind === 'name' && names.includes(token.text))) found.add(code);
  if (tokens.some((token, i) => token.kind === 'string' && token.text === 'TeleportService' && calledName(tokens, i) === 'GetService')) found.add('teleport');
  if (raw.some((token) => token.kind === 'string' && hidesText(token)) || spellsBytes(tokens)) found.add('obfuscated');

  return {
    domains: [...new Set([...hosts.values()].filter((host): host is string => host !== undefined))].sort(),
    // Worst first; within a severity, in the catalogue's order.
    findings: FINDING_CODES.filter((code) => found.has(code)).sort((a, b) => rank(FINDINGS[a].severity) - rank(FINDINGS[b].severity)),
    codeHosts: runsCode ? [...codeHosts].sort() : [],
    steps: Math.min(budget.steps, budget.limit),
  };
}

/**
 * The analysis a reader sees: the facts with the site's trusted domains applied. Trust only turns
 * `remote-code` into its information-only form, when every host whose code the loader runs is trusted
 * (a subdomain counts).
 */
export function withTrust(facts: Pick<LoaderFacts, 'domains' | 'findings' | 'codeHosts'>, trusted: readonly string[]): LoaderAnalysis {
  const trust = facts.findings.includes('remote-code') && facts.codeHosts.length > 0 && facts.codeHosts.every((host) => matches(host, trusted));
  const codes = trust ? facts.findings.map((code) => (code === 'remote-code' ? 'trusted-remote-code' : code)) : facts.findings;
  const findings = FINDING_CODES.filter((code) => codes.includes(code)).map(finding).sort((a, b) => rank(a.severity) - rank(b.severity));
  return { domains: facts.domains, findings };
}

const rank = (severity: FindingSeverity) => FINDING_SEVERITIES.indexOf(severity);

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
 * an unrelated string (`print("see https://…")`) is not one. A text is searched once however many
 * calls are given it.
 */
function fetchedUrls(tokens: LuauToken[], values: LoaderValues, budget: StepBudget): Set<string> {
  const urls = new Set<string>();
  const searched = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.kind !== 'name' || !values.isFetch(token.text)) return;
    for (const text of values.argumentTexts(i + 1)) {
      if (searched.has(text)) continue;
      searched.add(text);
      budget.spend(1 + Math.ceil(text.length / 32));
      for (const url of text.match(URL_IN_TEXT) ?? []) urls.add(url);
    }
  });
  return urls;
}

/** `string.char(104, 116, …)` with at least ESCAPED_BYTES numbers: text spelled as bytes. Numbers in a call are counted from running totals, so nested calls cost no more than their length. */
function spellsBytes(tokens: LuauToken[]): boolean {
  const closeOf = closingBrackets(tokens);
  const numbersBefore = new Int32Array(tokens.length + 1);
  tokens.forEach((token, i) => (numbersBefore[i + 1] = (numbersBefore[i] as number) + (token.kind === 'number' ? 1 : 0)));
  return tokens.some((token, i) => {
    if (token.text !== 'char' || tokens[i - 1]?.text !== '.' || tokens[i + 1]?.text !== '(') return false;
    const close = closeOf[i + 1] as number;
    return (numbersBefore[close] as number) - (numbersBefore[i + 2] as number) >= ESCAPED_BYTES;
  });
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
function hidesText(token: LuauToken): boolean {
  return (token.escapes ?? 0) >= ESCAPED_BYTES || (token.text.length >= DENSE_LENGTH && entropy(token.text) >= ENTROPY_BITS);
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
