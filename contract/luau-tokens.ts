/**
 * The tokens of a Lua or Luau loader, for the loader analysis (issue 15), on the server and in the
 * staff forms alike: names, numbers, symbols and strings, with comments dropped and each string's
 * escapes decoded (`"\104\116\116\112"` reads `http`). Hand-written rather than a parser package:
 * luaparse, the maintained Lua parser on npm, stops at Luau's syntax (`local x: number?`, backtick
 * strings), which Roblox loaders use (docs/decisions.md#loader-tokens).
 *
 * It never throws: a loader is text anyone can type, and an unterminated string or comment simply
 * runs to the end of its line or of the text.
 */

export type LuauTokenKind = 'name' | 'number' | 'string' | 'symbol';

export interface LuauToken {
  kind: LuauTokenKind;
  /** A string's decoded contents; any other token's source text. */
  text: string;
  /** Where the token starts in the source, in UTF-16 code units. */
  offset: number;
  /** Where it ends (exclusive): a string's quotes or brackets and escapes included. */
  end: number;
}

/** Symbols of more than one character, longest first, so `..=` is never read as `..` and `=`. */
const SYMBOLS = ['...', '..=', '//=', '..', '==', '~=', '<=', '>=', '//', '::', '->', '+=', '-=', '*=', '/=', '%=', '^='];

const SIMPLE_ESCAPES: Record<string, string> = { a: '\u0007', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'", '`': '`', '{': '{', '\n': '\n' };

const isNameStart = (character: string) => /[A-Za-z_]/.test(character);
const isNamePart = (character: string) => /[A-Za-z0-9_]/.test(character);
const isDigit = (character: string) => character >= '0' && character <= '9';

export function tokenize(source: string): LuauToken[] {
  return new Scanner(source).tokens();
}

class Scanner {
  private at = 0;
  private readonly out: LuauToken[] = [];

  constructor(private readonly source: string) {}

  tokens(): LuauToken[] {
    while (this.at < this.source.length) this.next();
    return this.out;
  }

  private next(): void {
    const source = this.source;
    const start = this.at;
    const character = source[start] as string;
    if (/\s/.test(character)) {
      this.at += 1;
    } else if (source.startsWith('--', start)) {
      this.comment();
    } else if (character === '[' && longBracketLevel(source, start) !== undefined) {
      this.push('string', this.longBracket(), start);
    } else if (character === '"' || character === "'") {
      this.push('string', this.quoted(character), start);
    } else if (character === '`') {
      this.interpolated();
    } else if (isDigit(character) || (character === '.' && isDigit(source[start + 1] ?? ''))) {
      this.push('number', this.number(), start);
    } else if (isNameStart(character)) {
      while (this.at < source.length && isNamePart(source[this.at] as string)) this.at += 1;
      this.push('name', source.slice(start, this.at), start);
    } else {
      const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, start)) ?? String.fromCodePoint(source.codePointAt(start) ?? 0);
      this.at += symbol.length;
      this.push('symbol', symbol, start);
    }
  }

  private push(kind: LuauTokenKind, text: string, offset: number): void {
    this.out.push({ kind, text, offset, end: this.at });
  }

  /** `--[==[ … ]==]` to its closing bracket, or `-- …` to the end of the line. */
  private comment(): void {
    this.at += 2;
    if (this.source[this.at] === '[' && longBracketLevel(this.source, this.at) !== undefined) {
      this.longBracket();
      return;
    }
    const end = this.source.indexOf('\n', this.at);
    this.at = end === -1 ? this.source.length : end;
  }

  /** `[==[ … ]==]`: its contents, unescaped, without a first line break (as Lua reads them). */
  private longBracket(): string {
    const level = longBracketLevel(this.source, this.at) ?? 0;
    const open = level + 2;
    const close = `]${'='.repeat(level)}]`;
    const end = this.source.indexOf(close, this.at + open);
    const contents = this.source.slice(this.at + open, end === -1 ? this.source.length : end);
    this.at = end === -1 ? this.source.length : end + close.length;
    return contents.replace(/^\r?\n/, '');
  }

  /** A quoted string's decoded contents; an unterminated one ends at its line's end. */
  private quoted(quote: string): string {
    let text = '';
    this.at += 1;
    while (this.at < this.source.length) {
      const character = this.source[this.at] as string;
      if (character === quote) {
        this.at += 1;
        return text;
      }
      if (character === '\n') return text;
      if (character === '\\') {
        text += this.escape();
      } else {
        text += character;
        this.at += 1;
      }
    }
    return text;
  }

  /** One escape sequence at `\`, decoded (`\104` is `h`, `\x68` is `h`, `\u{68}` is `h`, `\z` skips blanks). */
  private escape(): string {
    const source = this.source;
    const after = source[this.at + 1] ?? '';
    this.at += 2;
    if (after in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[after] as string;
    if (after === 'z') {
      while (this.at < source.length && /\s/.test(source[this.at] as string)) this.at += 1;
      return '';
    }
    if (after === 'x') {
      const hex = /^[0-9A-Fa-f]{1,2}/.exec(source.slice(this.at, this.at + 2))?.[0] ?? '';
      this.at += hex.length;
      return hex ? String.fromCharCode(parseInt(hex, 16)) : '';
    }
    if (after === 'u') {
      const match = /^\{([0-9A-Fa-f]{1,8})\}/.exec(source.slice(this.at, this.at + 10));
      if (!match) return '';
      this.at += match[0].length;
      const code = parseInt(match[1] as string, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    if (isDigit(after)) {
      const digits = after + (/^\d{0,2}/.exec(source.slice(this.at, this.at + 2))?.[0] ?? '');
      this.at += digits.length - 1;
      return String.fromCharCode(Number(digits) % 256);
    }
    // An unknown escape: Lua refuses it; the analysis reads on.
    return after;
  }

  /**
   * A backtick string: its literal parts as one string token, each `{expression}` in it tokenized
   * in place, so a URL in the literal and a call in an expression are both seen.
   */
  private interpolated(): void {
    const start = this.at;
    // The string goes before its expressions' tokens, so tokens stay in source order.
    const place = this.out.length;
    let text = '';
    this.at += 1;
    while (this.at < this.source.length) {
      const character = this.source[this.at] as string;
      if (character === '`') {
        this.at += 1;
        break;
      }
      if (character === '\\') {
        text += this.escape();
      } else if (character === '{') {
        this.at += 1;
        this.expression();
      } else {
        text += character;
        this.at += 1;
      }
    }
    this.out.splice(place, 0, { kind: 'string', text, offset: start, end: this.at });
  }

  /** The tokens of an interpolated expression, up to its closing brace. */
  private expression(): void {
    let depth = 0;
    while (this.at < this.source.length) {
      const character = this.source[this.at] as string;
      if (character === '}' && depth === 0) {
        this.at += 1;
        return;
      }
      if (character === '{') depth += 1;
      if (character === '}') depth -= 1;
      this.next();
    }
  }

  /** Decimal, hexadecimal (`0x`) and binary (`0b`) numbers, with `_` separators and exponents. */
  private number(): string {
    const start = this.at;
    const pattern = /^(0[xX][0-9A-Fa-f_]*(\.[0-9A-Fa-f_]*)?([pP][+-]?\d+)?|0[bB][01_]*|(\d[\d_]*)?(\.[\d_]*)?([eE][+-]?\d+)?)/;
    const match = pattern.exec(this.source.slice(start, start + 400))?.[0] ?? '';
    this.at += Math.max(match.length, 1);
    return this.source.slice(start, this.at);
  }
}

/** The level (count of `=`) of a long bracket opening at `at` (`[[`, `[=[`, …), or undefined. */
function longBracketLevel(source: string, at: number): number | undefined {
  let level = 0;
  while (source[at + 1 + level] === '=') level += 1;
  return source[at + 1 + level] === '[' ? level : undefined;
}
