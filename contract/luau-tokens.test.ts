import { describe, expect, it } from 'vitest';
import { type LuauToken, tokenize } from './luau-tokens.ts';

// The loader tokenizer (docs/decisions/0018-loader-analysis.md#loader-tokens): what the loader analysis reads instead of raw
// text, so a URL in a comment is not a fetch and an escaped one still is. Samples are harmless text.

const texts = (source: string) => tokenize(source).map((token) => `${token.kind}:${token.text}`);
const strings = (source: string) => tokenize(source).filter((token) => token.kind === 'string').map((token) => token.text);

describe('the Luau tokenizer', () => {
  it('reads names, numbers and symbols, Luau\'s type syntax and compound assignments included', () => {
    expect(texts('local x: number? = 0x1F + 1e3 .. y')).toEqual([
      'name:local', 'name:x', 'symbol::', 'name:number', 'symbol:?', 'symbol:=', 'number:0x1F', 'symbol:+', 'number:1e3', 'symbol:..', 'name:y',
    ]);
    expect(texts('n += 0b1010_1010; s ..= "!" ; f = function(...) return ... end')).toEqual([
      'name:n', 'symbol:+=', 'number:0b1010_1010', 'symbol:;', 'name:s', 'symbol:..=', 'string:!', 'symbol:;', 'name:f', 'symbol:=',
      'name:function', 'symbol:(', 'symbol:...', 'symbol:)', 'name:return', 'symbol:...', 'name:end',
    ]);
    expect(texts('game:HttpGet(url)')).toEqual(['name:game', 'symbol::', 'name:HttpGet', 'symbol:(', 'name:url', 'symbol:)']);
  });

  it('drops line and long comments, whatever they hold', () => {
    expect(texts('-- game:HttpGet("https://example.com/a")\nprint(1)')).toEqual(['name:print', 'symbol:(', 'number:1', 'symbol:)']);
    expect(texts('--[==[ a ]] still the comment "https://example.com" ]==] done')).toEqual(['name:done']);
    expect(texts('x --[[ never closed https://example.com')).toEqual(['name:x']);
    // Two dashes inside a string are text.
    expect(strings('s = "a--b" -- c')).toEqual(['a--b']);
  });

  it('decodes every escape Lua and Luau know, so an escaped URL reads as one', () => {
    expect(strings('"\\104\\116\\116\\112\\115://example.com"')).toEqual(['https://example.com']);
    expect(strings("'\\x68\\u{74}\\u{74}p'")).toEqual(['http']);
    expect(strings('"a\\z   \n   b" "tab\\tend" "quote\\"s" \'it\\\'s\'')).toEqual(['ab', 'tab\tend', 'quote"s', "it's"]);
    expect(strings('"line\\\nnext"')).toEqual(['line\nnext']);
    expect(strings('"\\u{110000}x\\q"')).toEqual(['xq']);
  });

  it('reads long strings to their own level of closing bracket, without the first line break', () => {
    expect(strings('s = [==[\nhttps://example.com/a]]b]==]')).toEqual(['https://example.com/a]]b']);
    expect(strings('[[plain]] [=[x]=]')).toEqual(['plain', 'x']);
    // `[` that opens no long bracket is a symbol.
    expect(texts('t[1]')).toEqual(['name:t', 'symbol:[', 'number:1', 'symbol:]']);
  });

  it('reads a backtick string\'s literal parts as a string and its expressions as tokens', () => {
    const tokens = tokenize('print(`https://{host}/raw/{ids[1]}`)');
    expect(tokens.filter((token) => token.kind === 'string').map((token) => token.text)).toEqual(['https:///raw/']);
    expect(tokens.filter((token) => token.kind === 'name').map((token) => token.text)).toEqual(['print', 'host', 'ids']);
  });

  it('ends an unterminated string at its line, and a long one at the end of the text', () => {
    expect(texts('a = "open\nb = 1')).toEqual(['name:a', 'symbol:=', 'string:open', 'name:b', 'symbol:=', 'number:1']);
    expect(strings('x = [[never closed')).toEqual(['never closed']);
    expect(strings('`open {a')).toEqual(['open ']);
  });

  it('gives each token its offset in the source, in order', () => {
    const source = 'local s = "a" -- note\nreturn s';
    const tokens = tokenize(source);
    expect(tokens.map((token) => token.offset)).toEqual([0, 6, 8, 10, 22, 29]);
    for (const token of tokens.filter((one) => one.kind !== 'string')) expect(source.slice(token.offset, token.end)).toBe(token.text);
    // A string's span is its source, quotes and escapes included.
    expect(tokenize('x = "\\104i" y').map((token) => [token.offset, token.end])).toEqual([[0, 1], [2, 3], [4, 11], [12, 13]]);
  });

  it('never throws and always moves forward, on any text (random input, control characters and lone surrogates included)', () => {
    const alphabet = ['a', '1', '.', '-', '[', ']', '=', '"', "'", '`', '{', '}', '\\', 'x', 'u', 'z', '\n', ' ', '\u0000', '\ud800', '😀', 'é'];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2_000; round += 1) {
      const source = Array.from({ length: 1 + Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      let tokens: LuauToken[] = [];
      expect(() => (tokens = tokenize(source)), JSON.stringify(source)).not.toThrow();
      for (let i = 1; i < tokens.length; i += 1) expect((tokens[i] as LuauToken).offset).toBeGreaterThan((tokens[i - 1] as LuauToken).offset);
    }
  });
});
