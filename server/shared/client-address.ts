import ipaddr from 'ipaddr.js';

/**
 * The address a per-client limit counts (the login throttle, view counting). An IPv6 client usually
 * holds a whole /64 and can pick any address in it, so an IPv6 address stands for its /64 network;
 * counting single addresses would hand one host 2^64 fresh starts. IPv4-mapped IPv6 counts as IPv4.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}
