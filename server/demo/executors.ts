import type { ExecutorStatus, Platform } from '../../contract/index.ts';
import { random } from './images.ts';

/**
 * The demo's executors (fictional, on reserved `.example` sites): all four platforms and all four
 * statuses, so a first start shows every platform mark, every status and both filters' sides.
 */
export interface DemoExecutor {
  name: string;
  slug: string;
  platforms: Platform[];
  status: ExecutorStatus;
  version: string | null;
  website: string | null;
  free: boolean;
  /** How long ago its status last changed. */
  statusDaysAgo: number;
}

export const DEMO_EXECUTORS: DemoExecutor[] = [
  { name: 'Nimbus', slug: 'nimbus', platforms: ['windows'], status: 'working', version: '2.14', website: null, free: true, statusDaysAgo: 3 },
  { name: 'Quartz', slug: 'quartz', platforms: ['windows', 'mac'], status: 'working', version: 'v5.2.1', website: 'https://quartz.example', free: false, statusDaysAgo: 12 },
  { name: 'Ember', slug: 'ember', platforms: ['windows'], status: 'updating', version: '0.9.3', website: null, free: true, statusDaysAgo: 1 },
  { name: 'Orchard', slug: 'orchard', platforms: ['mac'], status: 'working', version: null, website: 'https://orchard.example', free: false, statusDaysAgo: 30 },
  { name: 'Pocket', slug: 'pocket', platforms: ['android', 'ios'], status: 'working', version: '1.8', website: null, free: true, statusDaysAgo: 6 },
  { name: 'Lumen', slug: 'lumen', platforms: ['android'], status: 'patched', version: '3.0', website: null, free: true, statusDaysAgo: 9 },
  { name: 'Driftwood', slug: 'driftwood', platforms: ['ios'], status: 'discontinued', version: null, website: null, free: false, statusDaysAgo: 45 },
  { name: 'Kestrel', slug: 'kestrel', platforms: ['android', 'windows'], status: 'working', version: '4.1.0', website: 'https://kestrel.example', free: true, statusDaysAgo: 2 },
];

const UNUSABLE = ['lumen', 'driftwood'];
const USABLE = DEMO_EXECUTORS.map((executor) => executor.slug).filter((slug) => !UNUSABLE.includes(slug));

/**
 * The executors a demo script was tested with, by its place in the catalogue and its name (the same on
 * every run): every ninth script none; every thirteenth only patched or discontinued ones, so "No
 * working executor known" shows; the rest one to three of the usable ones, a few with a patched one too.
 */
export function demoTested(position: number, playsname: string): string[] {
  if (position % 9 === 4) return [];
  if (position % 13 === 6) return position % 2 === 0 ? ['lumen'] : ['driftwood', 'lumen'];
  const next = random(`executors#${playsname}`);
  const pool = [...USABLE];
  const chosen: string[] = [];
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i++) chosen.push(...pool.splice(Math.floor(next() * pool.length), 1));
  if (chosen.length < 3 && next() < 0.2) chosen.push('lumen');
  return chosen;
}
