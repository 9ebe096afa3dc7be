import type { Shape } from '../../../lib/shape.ts';
import { type HomeReading, type InfoReading, spec } from './spec.ts';

/**
 * The landing pages wholly English (`/en`, `/en/info`): the specification's copy, which is English
 * already, in British spelling, so only the words spelled otherwise are written here. Links are the
 * specification's paths; the components put them in `/en/…`.
 */

// The first feature card of each page is "Optimized Code" in the specification's copy.
const [homeOptimised, ...homeCards] = spec.home.features.cards;
const [infoOptimised, ...infoCards] = spec.info.features.cards;

/** Landing variant A, served at `/en`. */
const home = {
  ...spec.home,
  meta: {
    ...spec.home.meta,
    description:
      'Dominate your favourite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
  },
  hero: { ...spec.home.hero, title: 'Dominate Your Favourite Roblox Games' },
  features: { ...spec.home.features, cards: [{ ...homeOptimised, title: 'Optimised Code' }, ...homeCards] },
} satisfies HomeReading;

/** Landing variant B, served at `/en/info`. */
const info = {
  ...spec.info,
  features: { ...spec.info.features, cards: [{ ...infoOptimised, title: 'Optimised Code' }, ...infoCards] },
  closing: { ...spec.info.closing, text: 'Browse hundreds of scripts for your favourite Roblox games.' },
} satisfies InfoReading;

export const en = { home, info } satisfies Shape<typeof spec>;
