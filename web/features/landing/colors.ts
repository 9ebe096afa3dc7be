import type { AccentColor } from './texts/spec.ts';

/**
 * The classes of each accent color. Whole class names, written out, so Tailwind's scanner finds them.
 * `tile` paints a decorative icon tile (white icon on a gradient); `glow` tints a card's hover ring.
 */
export const accentClasses: Record<AccentColor, { tile: string; glow: string; banner: string }> = {
  violet: {
    tile: 'from-violet-500 to-purple-700 shadow-violet-900/40',
    glow: 'hover:ring-violet-400/50',
    banner: 'from-violet-600/40 via-purple-900/30 to-panel',
  },
  sky: {
    tile: 'from-sky-500 to-blue-700 shadow-sky-900/40',
    glow: 'hover:ring-sky-400/50',
    banner: 'from-sky-600/40 via-blue-900/30 to-panel',
  },
  emerald: {
    tile: 'from-emerald-500 to-teal-700 shadow-emerald-900/40',
    glow: 'hover:ring-emerald-400/50',
    banner: 'from-emerald-600/40 via-teal-900/30 to-panel',
  },
  amber: {
    tile: 'from-amber-400 to-orange-600 shadow-orange-900/40',
    glow: 'hover:ring-amber-400/50',
    banner: 'from-amber-500/40 via-orange-900/30 to-panel',
  },
  rose: {
    tile: 'from-rose-500 to-pink-700 shadow-rose-900/40',
    glow: 'hover:ring-rose-400/50',
    banner: 'from-rose-600/40 via-pink-900/30 to-panel',
  },
  fuchsia: {
    tile: 'from-fuchsia-500 to-purple-700 shadow-fuchsia-900/40',
    glow: 'hover:ring-fuchsia-400/50',
    banner: 'from-fuchsia-600/40 via-purple-900/30 to-panel',
  },
};
