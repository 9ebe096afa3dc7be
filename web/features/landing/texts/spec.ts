import type { Shape } from '../../../lib/shape.ts';

/**
 * All marketing copy of the two landing pages (docs/product.md#landing-pages): `/` is variant A (`home`), `/info` is
 * variant B (`info`), in the specification's reading. `en.ts` and `ru.ts` are the same
 * pages wholly English and wholly Russian, each of the same shape. The copy is plain data that never ships
 * as JavaScript: each page's loader picks its reading's copy (`marketingFor`, web/i18n/catalogues.server.ts) and the
 * components render it from the loader's data, holding no copy of their own. Links are written as the
 * specification's paths; components put them in the page's reading. The figures differ
 * between the pages on purpose: docs/product.md#marketing-figures gives two readings (10K+ active or daily users,
 * 99% or 99.9% uptime, and 50,000+ users in one text), and each page shows its own.
 *
 * Shapes follow docs/product.md#marketing-data: supported game {name, icon, players},
 * feature card {icon, title, description, color}, stat card {number, label}. An icon is named, not a
 * component, so the copy can travel as loader data.
 */

/** The icon a card or a game shows, by name: web/features/landing/icons.ts maps each to its Lucide icon. */
export type LandingIcon = 'code' | 'refresh' | 'shield' | 'zap' | 'headphones' | 'crown' | 'paw' | 'house' | 'cherry' | 'dog';

/** The accent a card is drawn in; web/features/landing/colors.ts maps each to its classes. */
export type AccentColor = 'violet' | 'sky' | 'emerald' | 'amber' | 'rose' | 'fuchsia';

export interface StatCard {
  number: string;
  label: string;
}

export interface FeatureCard {
  icon: LandingIcon;
  title: string;
  description: string;
  color: AccentColor;
}

/** A feature card of variant B: the description shows at once, the details when the card is expanded. */
export interface ExpandableFeatureCard extends FeatureCard {
  /** Stable key for the accordion item. */
  id: string;
  details: readonly string[];
}

export interface SupportedGame {
  name: string;
  icon: LandingIcon;
  /** Players online, as shown: "500K+". */
  players: string;
  /** Additive to the shape of docs/product.md#marketing-data: the card's accent. */
  color: AccentColor;
}

export interface CtaLink {
  label: string;
  to: string;
  /** Words read after the label by screen readers and crawlers only, where the label alone is vague. */
  hint?: string;
}

export interface PageMeta {
  title: string;
  description: string;
}

/** A section heading with its lead paragraph. */
export interface SectionIntro {
  title: string;
  subtitle: string;
}

export interface HomeContent {
  meta: PageMeta;
  hero: { badge: string; title: string; subtitle: string; primary: CtaLink; secondary: CtaLink };
  stats: { heading: string; items: readonly StatCard[] };
  features: SectionIntro & { cards: readonly FeatureCard[] };
  games: SectionIntro & {
    online: string;
    viewScripts: string;
    viewScriptsFor: string;
    viewAll: CtaLink;
    list: readonly SupportedGame[];
  };
  closing: { title: string; text: string; primary: CtaLink; secondary: CtaLink };
}

export interface InfoContent {
  meta: PageMeta;
  hero: { badge: string; title: string; subtitle: string; primary: CtaLink };
  stats: { heading: string; items: readonly StatCard[] };
  features: SectionIntro & { cards: readonly ExpandableFeatureCard[] };
  code: { title: string; text: string; fileName: string; sample: string; label: string };
  closing: { title: string; text: string; primary: CtaLink; secondary: CtaLink };
}

/** What a reading of variant A must give: every key of the specification's, its strings any text, its data typed. */
export type HomeReading = Shape<typeof home> & HomeContent;

/** What a reading of variant B must give. */
export type InfoReading = Shape<typeof info> & InfoContent;

/** Landing variant A, served at `/`. */
const home = {
  meta: {
    title: 'Premium Roblox Cheats & Scripts',
    description:
      'Dominate your favorite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
  },
  hero: {
    badge: 'Premium Roblox Cheats',
    title: 'Dominate Your Favorite Roblox Games',
    subtitle: 'Unlock the full potential with our premium scripts, auto-farms, and game cheats.',
    primary: { label: 'Browse Scripts', to: '/scripts' },
    secondary: { label: 'How It Works', to: '/info' },
  },
  stats: {
    /** Read by screen readers only: the strip has no visible heading. */
    heading: 'Our numbers',
    items: [
      { number: '500+', label: 'Scripts' },
      { number: '10K+', label: 'Active Users' },
      { number: '99%', label: 'Uptime' },
      { number: '24/7', label: 'Support' },
    ],
  },
  features: {
    title: 'Why Our Cheats Are Better',
    subtitle: 'Built by players for players: every script is written, tested and maintained by our own team.',
    cards: [
      {
        icon: 'code',
        title: 'Optimized Code',
        description: 'Lightweight scripts tuned for performance, so your game keeps a smooth frame rate.',
        color: 'violet',
      },
      {
        icon: 'refresh',
        title: 'Auto Updates',
        description: 'When a game updates, our scripts follow quickly. No manual downloads, ever.',
        color: 'sky',
      },
      {
        icon: 'shield',
        title: 'Undetectable',
        description: 'Careful, low-profile techniques designed to keep your account under the radar.',
        color: 'emerald',
      },
      {
        icon: 'zap',
        title: 'Fast Execution',
        description: 'Scripts load in seconds and start working the moment you press execute.',
        color: 'amber',
      },
      {
        icon: 'headphones',
        title: '24/7 Support',
        description: 'Stuck on something? Our community and team are around the clock to help.',
        color: 'rose',
      },
      {
        icon: 'crown',
        title: 'Exclusive Features',
        description: 'Unique auto-farms and tools you will not find anywhere else.',
        color: 'fuchsia',
      },
    ],
  },
  games: {
    title: 'Supported Games',
    subtitle: 'Scripts for the most popular Roblox experiences, with more added every week.',
    /** Follows the player count: "500K+ online". */
    online: 'online',
    viewScripts: 'View Scripts',
    /** Screen-reader suffix that tells the four View Scripts links apart: "View Scripts for Blox Fruits". */
    viewScriptsFor: 'for',
    viewAll: { label: 'View all supported games', to: '/scripts' },
    list: [
      { name: 'Adopt Me!', icon: 'paw', players: '500K+', color: 'rose' },
      { name: 'Brookhaven RP', icon: 'house', players: '300K+', color: 'sky' },
      { name: 'Blox Fruits', icon: 'cherry', players: '200K+', color: 'amber' },
      { name: 'Pet Simulator X', icon: 'dog', players: '150K+', color: 'emerald' },
    ],
  },
  closing: {
    title: 'Ready to Dominate?',
    text: 'Pick a game, grab a script and start playing smarter in under a minute.',
    primary: { label: 'Get Started Now', to: '/scripts' },
    secondary: { label: 'Learn More', to: '/info', hint: 'about how our scripts work' },
  },
} as const satisfies HomeContent;

/** Landing variant B, served at `/info` (the "How It Works" page). */
const info = {
  meta: {
    title: 'Premium Roblox Scripts — How It Works',
    description:
      'How our premium Roblox scripts work: 500+ scripts, 99.9% uptime, 24/7 support and a community of 50,000+ users. Copy a loader, run it, play.',
  },
  hero: {
    badge: 'How It Works',
    title: 'Premium Roblox Scripts',
    subtitle:
      'Trusted by a community of 50,000+ users, with 10K+ of them playing with our scripts every day. Pick a script, copy its loader and run it in your executor.',
    primary: { label: 'Get Started', to: '/scripts' },
  },
  stats: {
    heading: 'Our numbers',
    items: [
      { number: '500+', label: 'Scripts' },
      { number: '10K+', label: 'Daily Users' },
      { number: '99.9%', label: 'Uptime' },
      { number: '24/7', label: 'Support' },
    ],
  },
  features: {
    title: 'Powerful Features',
    subtitle: 'Open a card to see what is inside.',
    cards: [
      {
        id: 'optimized',
        icon: 'code',
        title: 'Optimized Code',
        description: 'Clean, efficient scripts that keep your game running smoothly.',
        color: 'violet',
        details: [
          'Minimal memory and CPU use, even in crowded servers.',
          'No frame drops while auto-farms run in the background.',
          'Readable loaders: you always see what you run.',
        ],
      },
      {
        id: 'updates',
        icon: 'refresh',
        title: 'Auto Updates',
        description: 'Scripts are refreshed after every game update.',
        color: 'sky',
        details: [
          'Loaders always fetch the latest version.',
          'Broken scripts are fixed or removed fast.',
          'New games and features are added every week.',
        ],
      },
      {
        id: 'undetectable',
        icon: 'shield',
        title: 'Undetectable',
        description: 'Built to stay low-profile and keep your account safe.',
        color: 'emerald',
        details: [
          'Human-like timings instead of instant actions.',
          'Tested on alternate accounts before release.',
          'Still, no script is risk-free: play on accounts you can afford to lose.',
        ],
      },
      {
        id: 'fast',
        icon: 'zap',
        title: 'Fast Execution',
        description: 'From copy to running script in a few seconds.',
        color: 'amber',
        details: [
          'One-line loaders: copy, paste, execute.',
          'Works with all popular executors.',
          'Our 24/7 support helps when something does not start.',
        ],
      },
    ],
  },
  code: {
    title: 'Simple to Use',
    text: 'Every script is a short loader. Copy it from the script page, paste it into your executor and press execute. Here is what a script looks like:',
    fileName: 'example.lua',
    /** A harmless placeholder: it only prints a line. */
    sample: ['-- Example script: prints a greeting', 'local player = "Player1"', 'print("Hello, " .. player .. "!")'].join('\n'),
    label: 'Sample Lua script',
  },
  closing: {
    title: 'Ready to Get Started?',
    text: 'Browse hundreds of scripts for your favorite Roblox games.',
    primary: { label: 'Browse Scripts', to: '/scripts' },
    secondary: { label: 'Back to Home', to: '/' },
  },
} as const satisfies InfoContent;

/** Both landing pages' copy in the specification's reading. */
export const spec = { home, info };
