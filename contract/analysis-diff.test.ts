import { describe, expect, it } from 'vitest';
import { addedHigh, changeSentences, diffAnalyses, noChanges } from './analysis-diff.ts';
import { analyseLoader } from './loader-analysis.ts';
import { finding } from './loader-findings.ts';

// Real loaders analysed by the real analysis: the diff is of what a save stores and a visitor reads.
const PASTE = 'loadstring(game:HttpGet("https://pastebin.com/raw/abc"))()';
const GITHUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/a/b/main/x.lua"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/x", Method = "POST", Body = "hi" })';

describe('contract/analysis-diff', () => {
  it('an update adding a webhook: the webhook finding and its host are added, high first, with their sentences', () => {
    const changes = diffAnalyses(analyseLoader(GITHUB), analyseLoader(`${GITHUB}\n${WEBHOOK}`));
    expect(changes).toEqual({ added: [finding('webhook')], removed: [], hostsAdded: ['discord.com'], hostsRemoved: [] });
    expect(addedHigh(changes)).toBe(true);
    expect(changeSentences(changes)).toEqual(['Adds a request to a Discord webhook', 'Now fetches from discord.com']);
  });

  it('an update that stops fetching from a paste site: the host and the short-link finding are removed', () => {
    const changes = diffAnalyses(analyseLoader(`${PASTE}\n${GITHUB}`), analyseLoader(GITHUB));
    expect(changes).toEqual({ added: [], removed: [finding('short-link')], hostsAdded: [], hostsRemoved: ['pastebin.com'] });
    expect(addedHigh(changes)).toBe(false);
    expect(changeSentences(changes)).toEqual(['No longer loads code through a link shortener or a paste site', 'No longer fetches from pastebin.com']);
  });

  it('an update that changes nothing the analysis sees: no change and no sentence', () => {
    const changes = diffAnalyses(analyseLoader(GITHUB), analyseLoader(`-- a comment\n${GITHUB}`));
    expect(changes).toEqual({ added: [], removed: [], hostsAdded: [], hostsRemoved: [] });
    expect(noChanges(changes)).toBe(true);
    expect(changeSentences(changes)).toEqual([]);
  });

  it('the first version: everything added, high first, hosts sorted', () => {
    const changes = diffAnalyses(null, analyseLoader(`${PASTE}\n${WEBHOOK}`));
    expect(changes.added.map((item) => item.code)).toEqual(['webhook', 'short-link', 'remote-code']);
    expect(changes.hostsAdded).toEqual(['discord.com', 'pastebin.com']);
    expect(changes.removed).toEqual([]);
  });
});
