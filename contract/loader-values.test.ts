import { describe, expect, it } from 'vitest';
import { StepBudget } from './loader-budget.ts';
import { loaderValues } from './loader-values.ts';
import { tokenize } from './luau-tokens.ts';

// What the names of a loader hold: the texts a fetch is given, however the loader spells them.

const FETCHES = new Set(['request', 'http_request', 'HttpGet']);

/** The texts the call to `name` is given (its first call), as the analysis reads them. */
function argumentsOf(source: string, name: string): string[] {
  const tokens = tokenize(source);
  const values = loaderValues(tokens, source, FETCHES, new StepBudget());
  const call = tokens.findIndex((token) => token.text === name);
  return values.argumentTexts(call + 1);
}

describe('loaderValues', () => {
  it('reads a string given directly, or every text in the call’s brackets', () => {
    expect(argumentsOf('request "https://a.example/x"', 'request')).toEqual(['https://a.example/x']);
    expect(argumentsOf('request("https://a.example/x", "GET")', 'request')).toEqual(['https://a.example/x', 'GET']);
    expect(argumentsOf('request(1)', 'request')).toEqual(['1']);
    expect(argumentsOf('request()', 'request')).toEqual([]);
  });

  it('joins a URL split in pieces across `..`, through the names that hold them', () => {
    const source = 'local base = "https://x.example/"\nlocal url = base .. "a.lua"\nrequest(url)';
    expect(argumentsOf(source, 'request')).toEqual(['https://x.example/a.lua']);
  });

  it('gives a table the texts of its fields, set inside it or later', () => {
    const inside = 'local hook = "https://h.example/w"\nlocal data = { Url = hook }\nrequest(data)';
    expect(argumentsOf(inside, 'request')).toContain('https://h.example/w');
    const later = 'local data = {}\ndata.Url = "https://h.example/w"\nrequest(data)';
    expect(argumentsOf(later, 'request')).toContain('https://h.example/w');
  });

  it('reads a name as the whole loader gives it, even below the call', () => {
    const source = 'function f() request(u) end\nu = "https://late.example/x"';
    expect(argumentsOf(source, 'request')).toEqual(['https://late.example/x']);
  });

  it('knows a name given a fetch without calling it as a fetch', () => {
    const source = 'local req = syn and syn.request or http_request\nlocal other = request("x")';
    const tokens = tokenize(source);
    const values = loaderValues(tokens, source, FETCHES, new StepBudget());
    expect(values.isFetch('req')).toBe(true);
    expect(values.isFetch('request')).toBe(true);
    // `other` holds what a fetch answered, not the fetch.
    expect(values.isFetch('other')).toBe(false);
    expect(values.isFetch('syn')).toBe(false);
  });

  it('keeps at most 16 texts for a name, however many it is given', () => {
    const source = `${Array.from({ length: 40 }, (_, n) => `u = "https://h${n}.example/"`).join('\n')}\nrequest(u)`;
    const texts = argumentsOf(source, 'request');
    expect(texts).toHaveLength(16);
    expect(texts.at(-1)).toBe('https://h39.example/');
  });
});
