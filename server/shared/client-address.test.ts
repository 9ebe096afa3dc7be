import { describe, expect, it } from 'vitest';
import { addressGroup, addressGroups } from './client-address.ts';

// The groups a client's address is counted in by every per-client limit.

describe('addressGroups', () => {
  it('counts an IPv4 address alone, with no wider group', () => {
    expect(addressGroups('203.0.113.7')).toEqual({ narrow: '203.0.113.7', wider: [] });
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressGroups('::ffff:203.0.113.7')).toEqual({ narrow: '203.0.113.7', wider: [] });
  });

  it('counts an IPv6 address as its /64, within its /56 and /48', () => {
    expect(addressGroups('2001:db8:1234:5678:9abc::1')).toEqual({
      narrow: '2001:db8:1234:5678::/64',
      wider: [
        { prefix: 56, key: '2001:db8:1234:5600::/56' },
        { prefix: 48, key: '2001:db8:1234::/48' },
      ],
    });
  });

  it('gives every address of one /64 the same group, and the next /64 another within the same /48', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
    expect(addressGroups('2001:db8:1:3::1').wider).toEqual(addressGroups('2001:db8:1:2::1').wider);
  });

  it('leaves anything that is not an address as it came, with no wider group', () => {
    expect(addressGroups('not-an-ip')).toEqual({ narrow: 'not-an-ip', wider: [] });
  });
});
