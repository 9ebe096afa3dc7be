// Platforms and executor statuses: plain constants with no schema library, so the public pages'
// browser code may import them (contract/executors.ts re-exports them).

/** The devices an executor runs on, in the order pages show them. */
export const PLATFORMS = ['windows', 'mac', 'android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Each platform's bit in a stored bit set (executors.platforms, scripts.platforms). */
export const PLATFORM_BITS: Readonly<Record<Platform, number>> = { windows: 1, mac: 2, android: 4, ios: 8 };

/** The catalogue's platform filter: pc is windows or mac, mobile is android or ios. */
export const PLATFORM_SIDES = ['pc', 'mobile'] as const;
export type PlatformSide = (typeof PLATFORM_SIDES)[number];
export const PLATFORM_SIDE_BITS: Readonly<Record<PlatformSide, number>> = { pc: 3, mobile: 12 };

/** Whether an executor can be used today; patched and discontinued ones cannot. */
export const EXECUTOR_STATUSES = ['working', 'updating', 'patched', 'discontinued'] as const;
export type ExecutorStatus = (typeof EXECUTOR_STATUSES)[number];
export const UNUSABLE_STATUSES: readonly ExecutorStatus[] = ['patched', 'discontinued'];

/** The platforms of a bit set, in PLATFORMS' order. */
export function platformsOf(bits: number): Platform[] {
  return PLATFORMS.filter((platform) => (bits & PLATFORM_BITS[platform]) !== 0);
}

/** The bit set of some platforms. */
export function bitsOf(platforms: readonly Platform[]): number {
  return platforms.reduce((bits, platform) => bits | PLATFORM_BITS[platform], 0);
}

/** The sides (PC, mobile) a set of platforms covers, for the cards' marks. */
export function sidesOf(platforms: readonly Platform[]): PlatformSide[] {
  const bits = bitsOf(platforms);
  return PLATFORM_SIDES.filter((side) => (bits & PLATFORM_SIDE_BITS[side]) !== 0);
}
