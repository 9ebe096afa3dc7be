import { describe, expect, it } from 'vitest';
import {
  allChannelsDone,
  channelHandle,
  channelsVersion,
  decideSiteGate,
  doneChannelIds,
  markChannelDone,
  parseScriptSubscriptions,
  safeExternalUrl,
  subscribeHref,
  versionMatches,
} from './site-subscription.ts';
import { safeReturnPath } from './return-path.ts';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('site channel list version', () => {
  it('is the names sorted, as a JSON array string', () => {
    expect(channelsVersion(named('zeta', 'Alpha', 'beta'))).toBe('["Alpha","beta","zeta"]');
    expect(channelsVersion(named('b', 'a'))).toBe(channelsVersion(named('a', 'b')));
    expect(channelsVersion([])).toBe('[]');
  });

  it('matches a stored version of the same names in any order or spacing', () => {
    expect(versionMatches('["a","b"]', named('b', 'a'))).toBe(true);
    expect(versionMatches('[ "a", "b" ]', named('a', 'b'))).toBe(true);
  });

  it('detects a changed list: added, removed, renamed', () => {
    expect(versionMatches('["a"]', named('a', 'b'))).toBe(false);
    expect(versionMatches('["a","b"]', named('a'))).toBe(false);
    expect(versionMatches('["a","c"]', named('a', 'b'))).toBe(false);
  });

  it('treats missing or malformed versions as a mismatch', () => {
    expect(versionMatches(null, named('a'))).toBe(false);
    expect(versionMatches('not json', named('a'))).toBe(false);
    expect(versionMatches('{"a":1}', named('a'))).toBe(false);
    expect(versionMatches('[1]', named('1'))).toBe(false);
    expect(versionMatches('"a"', named('a'))).toBe(false);
  });
});

describe('site-wide gate decision', () => {
  const current = channelsVersion(named('a', 'b'));

  it('is open with an empty site channel list, whatever is stored', () => {
    expect(decideSiteGate({ isSubscribed: null, version: null }, [])).toEqual({ open: true });
    expect(decideSiteGate({ isSubscribed: 'false', version: '["x"]' }, [])).toEqual({ open: true });
  });

  it('is open when subscribed to exactly the current list', () => {
    expect(decideSiteGate({ isSubscribed: 'true', version: current }, named('b', 'a'))).toEqual({ open: true });
  });

  it('closes without a reset for a first visit or a flag that is not true', () => {
    expect(decideSiteGate({ isSubscribed: null, version: current }, named('a', 'b'))).toEqual({ open: false, resetFlag: false });
    expect(decideSiteGate({ isSubscribed: 'false', version: current }, named('a', 'b'))).toEqual({ open: false, resetFlag: false });
    expect(decideSiteGate({ isSubscribed: 'yes', version: current }, named('a', 'b'))).toEqual({ open: false, resetFlag: false });
  });

  it('closes and resets the flag when the list changed since subscribing', () => {
    expect(decideSiteGate({ isSubscribed: 'true', version: '["a"]' }, named('a', 'b'))).toEqual({ open: false, resetFlag: true });
    expect(decideSiteGate({ isSubscribed: 'true', version: null }, named('a'))).toEqual({ open: false, resetFlag: true });
  });
});

describe('the return path of /subscribe', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/scripts/1?x=y')).toBe('/scripts/1?x=y');
    expect(safeReturnPath('/scripts/1')).toBe('/scripts/1');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/scripts?q=blox%20fruits#top')).toBe('/scripts?q=blox%20fruits#top');
  });

  it('defaults to /scripts when missing', () => {
    expect(safeReturnPath(null)).toBe('/scripts');
    expect(safeReturnPath(undefined)).toBe('/scripts');
    expect(safeReturnPath('')).toBe('/scripts');
  });

  it.each([
    '//evil.com',
    '//evil.com/scripts/1',
    'https://evil.com',
    'https://evil.com/scripts/1',
    'http:/evil.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.com',
    'scripts/1',
    '/\\evil.com',
    '\\\\evil.com',
    '/\tevil.com',
    '/scripts\n/1',
    ' /scripts/1',
    '/subscribe',
    '/subscribe?from=/scripts/1',
  ])('refuses %j', (from) => {
    expect(safeReturnPath(from)).toBe('/scripts');
  });

  it('builds the redirect with the location encoded', () => {
    expect(subscribeHref('/scripts/7', '?x=y&z=1')).toBe('/subscribe?from=%2Fscripts%2F7%3Fx%3Dy%26z%3D1');
    const from = new URL(`https://site.test${subscribeHref('/scripts/7', '?x=y&z=1')}`).searchParams.get('from');
    expect(safeReturnPath(from)).toBe('/scripts/7?x=y&z=1');
  });
});

describe('per-script channel flags', () => {
  it('reads a stored map leniently', () => {
    expect(parseScriptSubscriptions(null)).toEqual({});
    expect(parseScriptSubscriptions([1, 2])).toEqual({});
    expect(parseScriptSubscriptions('x')).toEqual({});
    expect(parseScriptSubscriptions({ 1: { 10: true, 11: false, 12: 'true' }, 2: 'bad', 3: [true] })).toEqual({ 1: { 10: true } });
  });

  it('marks channels done per script without touching other scripts', () => {
    let map = markChannelDone({}, 1, 10);
    map = markChannelDone(map, 1, 11);
    map = markChannelDone(map, 2, 10);
    expect(map).toEqual({ 1: { 10: true, 11: true }, 2: { 10: true } });
    expect(JSON.parse(JSON.stringify(map))).toEqual(map);
    expect([...doneChannelIds(map, 1)].sort()).toEqual(['10', '11']);
    expect(doneChannelIds(map, 3).size).toBe(0);
  });

  it('is complete only when every channel is done', () => {
    const done = doneChannelIds({ 1: { 10: true } }, 1);
    expect(allChannelsDone([{ id: 10 }], done)).toBe(true);
    expect(allChannelsDone([{ id: 10 }, { id: 11 }], done)).toBe(false);
    expect(allChannelsDone([], done)).toBe(true);
  });

  it('shows handles with a single @', () => {
    expect(channelHandle('news')).toBe('@news');
    expect(channelHandle('@news')).toBe('@news');
  });

  it('opens only http(s) links', () => {
    expect(safeExternalUrl('https://t.me/news')).toBe('https://t.me/news');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
  });
});
