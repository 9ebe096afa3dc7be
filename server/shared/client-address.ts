import ipaddr from 'ipaddr.js';

/**
 * The address a per-client limit counts (the login throttle, view counting). An IPv6 client usually
 * holds a whole /64 and can pick any address in it, so an IPv6 address stands for its /64 network;
 * counting single addresses would hand one host 2^64 fresh starts. IPv4-mapped IPv6 counts as IPv4.
 */
export function addressGroup(ip: string): string {
  return addressGroups(ip).narrow;
}

/**
 * The groups a client is counted in (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md): its narrow
 * group (an IPv4 address, an IPv6 /64), and for IPv6 the /56 and /48 around it, which are what a
 * provider hands one site (RFC 6177): a /48 holds 65,536 /64s, so a limit kept only per /64 is no limit
 * to whoever holds the /48. IPv4 has no wider group: each address is scarce and costs its holder, and a
 * /24 is routinely shared by unrelated people (a carrier's NAT pool, a campus).
 */
export interface AddressGroups {
  narrow: string;
  /** Widest last: the /56, then the /48. Empty for IPv4 and anything that is not an address. */
  wider: { prefix: 56 | 48; key: string }[];
}

const prefixOf = (parts: number[], hextets: number, lastMask = 0xffff) =>
  [...parts.slice(0, hextets - 1), (parts[hextets - 1] ?? 0) & lastMask].map((part) => part.toString(16)).join(':');

/**
 * How many times a narrow group's allowance the /56 and the /48 around it get, in every limit that
 * counts them (cold work, votes, reports): a /48 as a whole may do four times what one /64 may,
 * however many /64s it spreads over (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md).
 */
export const WIDER_FACTORS = { 56: 2, 48: 4 } as const;

export function addressGroups(ip: string): AddressGroups {
  if (!ipaddr.isValid(ip)) return { narrow: ip, wider: [] };
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return { narrow: address.toString(), wider: [] };
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return { narrow: v6.toIPv4Address().toString(), wider: [] };
  return {
    narrow: `${prefixOf(v6.parts, 4)}::/64`,
    wider: [
      { prefix: 56, key: `${prefixOf(v6.parts, 4, 0xff00)}::/56` },
      { prefix: 48, key: `${prefixOf(v6.parts, 3)}::/48` },
    ],
  };
}
