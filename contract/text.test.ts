import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasControlCharacters, isHttpsUrl, withoutControls } from './text.ts';

// The text rule for everything a client sends: no control characters and no lone surrogates.

describe('hasControlCharacters', () => {
  it('refuses control characters, DEL and lone surrogates on one line', () => {
    expect(hasControlCharacters('plain text, ёжик, 日本, emoji 🎮')).toBe(false);
    for (const bad of ['a\u0000b', 'tab\there', 'line\nbreak', 'del\u007f', 'lone \ud800 high', 'lone \udc00 low']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it('lets several lines have tabs and line breaks, and nothing else', () => {
    expect(hasControlCharacters('a\tb\r\nc\n', 'multi')).toBe(false);
    expect(hasControlCharacters('a\u0000b', 'multi')).toBe(true);
    expect(hasControlCharacters('bell\u0007', 'multi')).toBe(true);
    expect(hasControlCharacters('form\u000cfeed', 'multi')).toBe(true);
  });
});

describe('withoutControls', () => {
  it('adds the rule to a schema, with a message naming the field', () => {
    const schema = withoutControls(z.string().max(5), 'Name');
    expect(schema.safeParse('abc').success).toBe(true);
    const refused = schema.safeParse('a\u0000');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Name must not contain control characters');
    // The schema's own rules still hold.
    expect(schema.safeParse('abcdef').success).toBe(false);
  });
});

describe('isHttpsUrl', () => {
  it('is an absolute https: URL with a host', () => {
    expect(isHttpsUrl('https://example.com/key')).toBe(true);
    expect(isHttpsUrl('http://example.com/key')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('/relative')).toBe(false);
    expect(isHttpsUrl('not a url')).toBe(false);
  });
});
