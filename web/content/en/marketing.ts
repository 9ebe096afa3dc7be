import type { HomeReading, InfoReading } from '../marketing.ts';

/**
 * The landing pages wholly English (`/en`, `/en/info`): the specification's copy, which is English
 * already, in British spelling. Links are the specification's paths; the components put them in `/en/…`.
 */

/** Landing variant A, served at `/en`. */
export const home = {
  meta: {
    title: 'Premium Roblox Cheats & Scripts',
    description:
      'Dominate your favourite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
  },
  hero: {
    badge: 'Premium Roblox Cheats',
    title: 'Dominate Your Favourite Roblox Games',
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
        title: 'Optimised Code',
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
} as const satisfies HomeReading;

/** Landing variant B, served at `/en/info`. */
export const info = {
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
        title: 'Optimised Code',
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
    text: 'Browse hundreds of scripts for your favourite Roblox games.',
    primary: { label: 'Browse Scripts', to: '/scripts' },
    secondary: { label: 'Back to Home', to: '/' },
  },
} as const satisfies InfoReading;
