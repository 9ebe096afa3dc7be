import { describe, expect, it } from 'vitest';
import { scriptPath, scriptSlug, slugOf } from './slugs.ts';

// URL slugs for games and scripts: one rule, used by the server when it saves a slug and by the pages
// when they write a script's link.

describe('slugOf', () => {
  it('keeps ASCII letters and digits, lower case, in hyphenated words', () => {
    expect(slugOf('Blox Fruits')).toBe('blox-fruits');
    expect(slugOf('  Pet Simulator 99!!  ')).toBe('pet-simulator-99');
    expect(slugOf('A/B_test: [v2]')).toBe('a-b-test-v2');
  });

  it('drops accents and transliterates Cyrillic', () => {
    expect(slugOf('Pokémon Brick Bronze')).toBe('pokemon-brick-bronze');
    expect(slugOf('Побег из тюрьмы')).toBe('pobeg-iz-tyurmy');
    expect(slugOf('Ёжик и щука')).toBe('ezhik-i-schuka');
    // The hard and soft signs have no letter of their own.
    expect(slugOf('объём')).toBe('obem');
  });

  it('is empty when nothing is left', () => {
    expect(slugOf('!!!')).toBe('');
    expect(slugOf('')).toBe('');
    expect(slugOf('日本語')).toBe('');
  });

  it('cuts to the maximum without leaving a hyphen at the end', () => {
    expect(slugOf('abc def', 4)).toBe('abc');
    expect(slugOf('abcdef', 4)).toBe('abcd');
    expect(slugOf('x'.repeat(500)).length).toBeLessThanOrEqual(500);
  });
});

describe('script links', () => {
  it('add the slug of the name after the id', () => {
    expect(scriptPath({ id: 12, playsname: 'Auto Farm Hub' })).toBe('/scripts/12-auto-farm-hub');
  });

  it('are the id alone when the name leaves no slug', () => {
    expect(scriptPath({ id: 7, playsname: '???' })).toBe('/scripts/7');
  });

  it('cut the slug at 60 characters', () => {
    const slug = scriptSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^word(-word)*$/);
  });
});
