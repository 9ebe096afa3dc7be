import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { addressGroup, addressGroups } from '../shared/client-address.ts';

/** Who sent a request, as views, votes and reports count visitors (docs/decisions/0005-hostile-clients-and-faults.md). */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

/** Agents longer than this are not remembered (a visitor may send kilobytes of them). */
const MEMO_KEY_MAX = 512;

/**
 * Remembers recent answers of a pure function of a string. The same visitors come back many times
 * a minute (every page and data request), and isbot's pattern and SHA-256 cost more than a lookup.
 */
function memoize<T>(compute: (key: string) => T, maxEntries: number): (key: string) => T {
  let entries = new Map<string, T>();
  return (key) => {
    if (key.length > MEMO_KEY_MAX) return compute(key);
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      // Dropping everything at the limit keeps this O(1); the busy keys come straight back.
      if (entries.size >= maxEntries) entries = new Map();
      entries.set(key, value);
    }
    return value;
  };
}

/** A short, non-reversible digest of a text (URL-safe). */
export const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
const hashOf = memoize(digest, 10_000);
const isBotAgent = memoize((userAgent) => isbot(userAgent), 1_000);

/**
 * Views one address adds to one script in a day, whatever User-Agent it sends
 * (docs/decisions/0005-hostile-clients-and-faults.md): each agent falls in one of this many buckets, and a
 * visitor is an address and a bucket. Rotating agents from one address therefore counts at most this many times, while two or three people sharing an
 * address usually still count apart.
 */
export const VIEWS_PER_ADDRESS = 3;
export const agentBucket = memoize((userAgent) => (createHash('sha256').update(userAgent).digest()[0] ?? 0) % VIEWS_PER_ADDRESS, 1_000);

/** A stable, non-reversible visitor key: no address or agent string is stored. */
export function visitorHash({ ip, userAgent }: Visitor): string {
  return hashOf(`${addressGroup(ip)}\n${agentBucket(userAgent ?? '')}`);
}

/** Crawlers, link previewers and agent-less clients never count as views. */
export function isCountable(userAgent: string | undefined): boolean {
  return Boolean(userAgent && userAgent.trim()) && !isBotAgent(userAgent as string);
}

/** A visitor's /56 and /48, hashed as visitors are (nothing of the address is stored); none for IPv4. */
export interface VisitorNetworks {
  n56: string;
  n48: string;
}

/**
 * The wider groups votes and reports are also limited by (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md):
 * one /48 holds 65,536 /64s, each a visitor of its own.
 */
export function visitorNetworks({ ip }: Visitor): VisitorNetworks | undefined {
  const { wider } = addressGroups(ip);
  const n56 = wider.find((group) => group.prefix === 56);
  const n48 = wider.find((group) => group.prefix === 48);
  return n56 && n48 ? { n56: hashOf(n56.key), n48: hashOf(n48.key) } : undefined;
}
