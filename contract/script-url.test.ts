import { describe, expect, it } from 'vitest';
import { parseScriptParam } from './script-url.ts';
import { parseId } from './scripts.ts';

// The one id rule, and what `/scripts/{param}` names.

describe('parseId', () => {
  it('reads canonical whole numbers from 1 to 2,147,483,647', () => {
    expect(parseId('7')).toBe(7);
    expect(parseId('2147483647')).toBe(2_147_483_647);
  });

  it('names nothing for any other spelling or range', () => {
    for (const raw of ['0', '07', '+7', '7.0', '1e1', ' 7', '7 ', '-1', '2147483648', '', 'abc', '0x10']) {
      expect(parseId(raw), raw).toBeUndefined();
    }
    expect(parseId(undefined)).toBeUndefined();
  });
});

describe('parseScriptParam', () => {
  it('reads an id alone, or an id and the slug after the first hyphen', () => {
    expect(parseScriptParam('12')).toEqual({ id: 12, slug: undefined });
    expect(parseScriptParam('12-auto-farm')).toEqual({ id: 12, slug: 'auto-farm' });
    expect(parseScriptParam('12-')).toEqual({ id: 12, slug: '' });
  });

  it('names no script when the id breaks the id rule', () => {
    expect(parseScriptParam('012-x')).toBeUndefined();
    expect(parseScriptParam('-12')).toBeUndefined();
    expect(parseScriptParam('abc')).toBeUndefined();
    expect(parseScriptParam(undefined)).toBeUndefined();
  });
});
