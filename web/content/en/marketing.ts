import { type HomeReading, home as specHome, type InfoReading, info as specInfo } from '../marketing.ts';

/**
 * The landing pages wholly English (`/en`, `/en/info`): the specification's copy, which is English
 * already, in British spelling, so only the words spelled otherwise are written here. Links are the
 * specification's paths; the components put them in `/en/…`.
 */

// The first feature card of each page is "Optimized Code" in the specification's copy.
const [homeOptimised, ...homeCards] = specHome.features.cards;
const [infoOptimised, ...infoCards] = specInfo.features.cards;

/** Landing variant A, served at `/en`. */
export const home = {
  ...specHome,
  meta: {
    ...specHome.meta,
    description:
      'Dominate your favourite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
  },
  hero: { ...specHome.hero, title: 'Dominate Your Favourite Roblox Games' },
  features: { ...specHome.features, cards: [{ ...homeOptimised, title: 'Optimised Code' }, ...homeCards] },
} satisfies HomeReading;

/** Landing variant B, served at `/en/info`. */
export const info = {
  ...specInfo,
  features: { ...specInfo.features, cards: [{ ...infoOptimised, title: 'Optimised Code' }, ...infoCards] },
  closing: { ...specInfo.closing, text: 'Browse hundreds of scripts for your favourite Roblox games.' },
} satisfies InfoReading;
