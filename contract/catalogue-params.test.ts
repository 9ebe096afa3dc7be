import { describe, expect, it } from 'vitest';
import { pageMatcher } from './catalogue-params.ts';

// Which pages a pattern of PAGE_PARAMS or PAGES_A_WRITE_REACHES names: the page cache keys and clears
// pages by it.

describe('pageMatcher', () => {
  it('matches one path segment for each `{name}`', () => {
    const game = pageMatcher('/games/{slug}');
    expect(game('/games/blox-fruits')).toBe(true);
    expect(game('/games')).toBe(false);
    expect(game('/games/blox-fruits/more')).toBe(false);
  });

  it('matches every page under a prefix ending in `*`', () => {
    const scripts = pageMatcher('/scripts/*');
    expect(scripts('/scripts/5')).toBe(true);
    expect(scripts('/scripts/5-hub')).toBe(true);
    expect(scripts('/scripts')).toBe(false);
  });

  it('matches a fixed page exactly, its dots as dots', () => {
    const sitemap = pageMatcher('/sitemap.xml');
    expect(sitemap('/sitemap.xml')).toBe(true);
    expect(sitemap('/sitemapxxml')).toBe(false);
    expect(sitemap('/sitemap.xml/x')).toBe(false);
  });
});
