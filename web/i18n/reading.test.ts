import { describe, expect, it } from 'vitest';
import { pathIn, readingOfPath, specPath } from './reading.ts';

// A public page's reading comes from its path alone (docs/decisions/0045-languages.md): these are the rules
// every link to another reading, the switch and the offer, is made by.

describe('the reading of a path', () => {
  it.each([
    ['/', 'spec'],
    ['/scripts', 'spec'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/scripts/5-fly', 'en'],
    ['/ru', 'ru'],
    ['/ru.data', 'ru'],
    ['/en.data', 'en'],
    ['/en/_.data', 'en'],
    ['/ru/games/adopt-me/feed.xml', 'ru'],
    ['/rum', 'spec'],
    ['/english', 'spec'],
    ['/scripts/ru', 'spec'],
  ])('%s is read as %s', (path, reading) => {
    expect(readingOfPath(path)).toBe(reading);
  });

  it.each([
    ['/ru/scripts?q=x', '/scripts?q=x'],
    ['/ru', '/'],
    ['/en?x=1', '/?x=1'],
    ['/en/', '/'],
    ['/scripts?q=x', '/scripts?q=x'],
    ['/rum/x', '/rum/x'],
  ])('%s without its prefix is %s', (path, expected) => {
    expect(specPath(path)).toBe(expected);
  });

  it.each([
    ['ru', '/scripts?q=x&sort=views', '/ru/scripts?q=x&sort=views'],
    ['en', '/', '/en'],
    ['en', '/?q=1', '/en?q=1'],
    ['spec', '/scripts', '/scripts'],
    ['ru', 'https://t.me/channel', 'https://t.me/channel'],
    ['ru', '#content', '#content'],
    // A path with several leading slashes is never a link to another host, in any reading.
    ['en', '//evil.example/scripts', '/en/evil.example/scripts'],
    ['spec', '///evil.example', '/evil.example'],
    // A path already in a reading is that page in the one asked for.
    ['ru', '/ru/scripts?q=x', '/ru/scripts?q=x'],
    ['en', '/ru/games/x', '/en/games/x'],
    ['spec', '/en', '/'],
  ])('in %s, %s is %s', (reading, path, expected) => {
    expect(pathIn(reading as 'spec' | 'en' | 'ru', path)).toBe(expected);
  });
});
