/**
 * The tokens of a Lua or Luau loader, for the loader analysis (issue 15), on the server and in the
 * staff forms alike: names, numbers, symbols and strings, with comments dropped and each string's
 * escapes decoded (`"\104\116\116\112"` reads `http`). Hand-written rather than a parser package:
 * luaparse, the maintained Lua parser on npm, stops at Luau's syntax (`local x: number?`, backtick
 * strings), which Roblox loaders use (docs/decisions/0018-loader-analysis.md#loader-tokens).
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
  /** A string's bytes spelled as `\ddd` or `\xXX` escapes (in a long string, as written): hidden text reads this way. */
  escapes?: number;
}

/** Symbols of more than one character, longest first, so `..=` is never read as `..` and `=`. */
const SYMBOLS = ['...', '..=', '//=', '..', '==', '~=', '<=', '>=', '//', '::', '->', '+=', '-=', '*=', '/=', '%=', '^='];

const SIMPLE_ESCAPES: Record<string, string> = { a: '\u0007', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'", '`': '`', '{': '{', '\n': '\n' };
const BYTE_ESCAPE = /\\(?:\d{1,3}|x[0-9A-Fa-f]{2})/g;
const NUMBER = /0[xX][0-9A-Fa-f_]*(\.[0-9A-Fa-f_]*)?([pP][+-]?\d+)?|0[bB][01_]*|(\d[\d_]*)?(\.[\d_]*)?([eE][+-]?\d+)?/y;

const isNameStart = (character: string) => /[A-Za-z_]/.test(character);
const isNamePart = (character: string) => /[A-Za-z0-9_]/.test(character);
const isDigit = (character: string) => character >= '0' && character <= '9';

export function tokenize(source: string): LuauToken[] {
  return new Scanner(source).tokens();
}

/**
 * Where the scanner is inside backtick strings: a string's literal part, or one of its `{expressions}`
 * (with the braces it opened). Kept on a stack rather than in recursive calls, so strings nested in
 * expressions to any depth (`` `{`{`{ `` × 3,000) cost the same as any other text
 * (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md).
 */
type Frame = { kind: 'string'; token: LuauToken; text: string; escapes: number } | { kind: 'expression'; depth: number };

class Scanner {
  private at = 0;
  private readonly out: LuauToken[] = [];
  private readonly frames: Frame[] = [];
  /** Byte escapes decoded so far, for the string being read. */
  private escapes = 0;

  constructor(private readonly source: string) {}

  tokens(): LuauToken[] {
    while (this.at < this.source.length) {
      const frame = this.frames[this.frames.length - 1];
      if (frame?.kind === 'string') this.stringPart(frame);
      else if (frame?.kind === 'expression') this.expressionPart(frame);
      else this.next();
    }
    // Backtick strings never closed end with the text.
    for (const frame of this.frames) if (frame.kind === 'string') this.closeString(frame);
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
      const text = this.longBracket();
      this.push('string', text, start, text.match(BYTE_ESCAPE)?.length ?? 0);
    } else if (character === '"' || character === "'") {
      this.escapes = 0;
      const text = this.quoted(character);
      this.push('string', text, start, this.escapes);
    } else if (character === '`') {
      this.openString();
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

  private push(kind: LuauTokenKind, text: string, offset: number, escapes?: number): void {
    this.out.push(escapes === undefined ? { kind, text, offset, end: this.at } : { kind, text, offset, end: this.at, escapes });
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
      if (hex.length === 2) this.escapes += 1;
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
      this.escapes += 1;
      return String.fromCharCode(Number(digits) % 256);
    }
    // An unknown escape: Lua refuses it; the analysis reads on.
    return after;
  }

  /**
   * A backtick string opens: its literal parts become one string token, placed before the tokens of
   * its `{expressions}` (so tokens stay in source order) and completed when the string closes.
   */
  private openString(): void {
    const token: LuauToken = { kind: 'string', text: '', offset: this.at, end: this.at, escapes: 0 };
    this.out.push(token);
    this.frames.push({ kind: 'string', token, text: '', escapes: 0 });
    this.at += 1;
  }

  /** One step inside a backtick string's literal part: a character, an escape, its end or an expression's start. */
  private stringPart(frame: Frame & { kind: 'string' }): void {
    const character = this.source[this.at] as string;
    if (character === '`') {
      this.at += 1;
      this.closeString(frame);
      this.frames.pop();
    } else if (character === '\\') {
      this.escapes = 0;
      frame.text += this.escape();
      frame.escapes += this.escapes;
    } else if (character === '{') {
      this.at += 1;
      this.frames.push({ kind: 'expression', depth: 0 });
    } else {
      frame.text += character;
      this.at += 1;
    }
  }

  private closeString(frame: Frame & { kind: 'string' }): void {
    Object.assign(frame.token, { text: frame.text, end: this.at, escapes: frame.escapes });
  }

  /** One token of an interpolated expression, or the brace that closes it. */
  private expressionPart(frame: Frame & { kind: 'expression' }): void {
    const character = this.source[this.at] as string;
    if (character === '}' && frame.depth === 0) {
      this.at += 1;
      this.frames.pop();
      return;
    }
    if (character === '{') frame.depth += 1;
    if (character === '}') frame.depth -= 1;
    this.next();
  }

  /** Decimal, hexadecimal (`0x`) and binary (`0b`) numbers, with `_` separators and exponents. */
  private number(): string {
    const start = this.at;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(this.source)?.[0] ?? '';
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
