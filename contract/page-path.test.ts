import { describe, expect, it } from 'vitest';
import { canonicalPath, pagePath, ROUTE_SEGMENTS } from './page-path.ts';

// The page a request path shows: the page cache, the pages' handler and the messages a page carries all
// read it through these two functions.

describe('canonicalPath', () => {
  it('leaves a path that is already canonical as it is', () => {
    expect(canonicalPath('/ru/scripts/5-auto-farm')).toBe('/ru/scripts/5-auto-farm');
    expect(canonicalPath('/')).toBe('/');
  });

  it('writes a route’s fixed segments in their own case, and nothing else', () => {
    expect(canonicalPath('/RU/Scripts')).toBe('/ru/scripts');
    expect(canonicalPath('/Games/Blox-Fruits')).toBe('/games/Blox-Fruits');
    expect(canonicalPath('/Scripts.data')).toBe('/scripts.data');
  });

  it('decodes percent-encoded unreserved characters only', () => {
    expect(canonicalPath('/%72u/scripts')).toBe('/ru/scripts');
    expect(canonicalPath('/scripts/a%2Fb')).toBe('/scripts/a%2Fb');
    expect(canonicalPath('/scripts/a%20b')).toBe('/scripts/a%20b');
  });

  it('never makes a dot segment by decoding', () => {
    expect(canonicalPath('/scripts/%2E%2E/admin')).toBe('/scripts/%2E%2E/admin');
  });

  it('knows every language as a fixed segment', () => {
    expect(ROUTE_SEGMENTS.has('en')).toBe(true);
    expect(ROUTE_SEGMENTS.has('ru')).toBe(true);
  });
});

describe('pagePath', () => {
  it('is the page of a data request', () => {
    expect(pagePath('/scripts.data')).toBe('/scripts');
    expect(pagePath('/scripts/5/_.data')).toBe('/scripts/5');
    expect(pagePath('/_.data')).toBe('/');
  });

  it('drops trailing slashes and the reading’s prefix', () => {
    expect(pagePath('/subscribe/')).toBe('/subscribe');
    expect(pagePath('/ru/scripts')).toBe('/scripts');
    expect(pagePath('/en/scripts/5')).toBe('/scripts/5');
    expect(pagePath('/ru')).toBe('/');
    expect(pagePath('/ru/')).toBe('/');
  });

  it('keeps a segment that only begins like a language', () => {
    expect(pagePath('/russia')).toBe('/russia');
  });

  it('reads the canonical spelling', () => {
    expect(pagePath('/RU/Scripts/')).toBe('/scripts');
  });
});
