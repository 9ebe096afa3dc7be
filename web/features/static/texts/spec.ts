import { MINIMUM_AGE } from '../../../../contract/constants.ts';
import type { Shape } from '../../../lib/shape.ts';

/**
 * The static pages' copy in the specification's reading (the legal pages and the SEO guide), with its
 * shapes; en.ts and ru.ts give the same in English and Russian. No component imports the copy: each
 * route's loader picks its reading's (web/i18n/catalogues.server.ts, staticTextsFor) and the components
 * render it from loader data, so a page ships no text as JavaScript and its HTML carries only its own
 * reading's.
 */

/** A titled list inside a section, e.g. the terms' "may" and "may not" lists. */
export interface LegalList {
  title: string;
  /** Drives the list's marker: a check for what is allowed, a cross for what is not. */
  tone: 'neutral' | 'allowed' | 'forbidden';
  items: readonly string[];
}

export interface LegalSection {
  /** The section's anchor on the page (`#id`), also used by the table of contents. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  lists?: readonly LegalList[];
}

/** What every static page carries for its head: title, meta description and its path. */
export interface PageHead {
  path: string;
  title: string;
  description: string;
}

export interface LegalPage extends PageHead {
  heading: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Strings shared by the legal pages. */
const legalCommon = {
  lastUpdated: 'Last updated',
  onThisPage: 'On this page',
  backToTop: 'Back to top',
} as const;

/** legalCommon's shape, which every reading's has. */
export type LegalCommon = Shape<typeof legalCommon>;

const privacy = {
  path: '/privacy',
  title: 'Privacy Policy',
  description:
    'How we handle your data: minimal anonymised usage statistics, essential and performance cookies, encrypted secure servers, no logs and no data sales.',
  heading: 'Privacy Policy',
  intro:
    'Your privacy matters to us. This policy explains what little information we collect when you browse our script catalogue, how we protect it and who, if anyone, ever sees it.',
  sections: [
    {
      id: 'data-collection',
      title: 'Data Collection',
      paragraphs: [
        'We collect only minimal, anonymised usage statistics, such as which scripts are opened and how often, to keep the catalogue relevant and running smoothly.',
        'We do not collect anything that personally identifies you: no names, no e-mail addresses, no account details and no payment information. Browsing, searching and copying scripts never requires an account.',
      ],
    },
    {
      id: 'cookies-tracking',
      title: 'Cookies & Tracking',
      paragraphs: [
        'We use a small number of cookies and similar browser storage, and only of two kinds:',
      ],
      lists: [
        {
          title: 'Kinds of cookies we use',
          tone: 'neutral',
          items: [
            'Essential cookies: required for the site to work, for example remembering that you have joined our channels.',
            'Performance cookies: help us understand load times and fix slow pages, using anonymised figures only.',
          ],
        },
      ],
    },
    {
      id: 'data-protection',
      title: 'Data Protection',
      paragraphs: ['We protect the service and the little data it handles with:'],
      lists: [
        {
          title: 'How we protect your data',
          tone: 'neutral',
          items: [
            'Encryption of every connection between your browser and our servers.',
            'Secure servers, hardened and kept up to date.',
            'No logs: we keep no logs that tie activity to you.',
            'Regular security audits of our code and infrastructure.',
            'VPN friendly: you are welcome to browse through a VPN.',
          ],
        },
      ],
    },
    {
      id: 'third-parties',
      title: 'Third Parties',
      paragraphs: [
        'We never sell, rent or trade your data to anyone.',
        'The only third parties involved are our hosting providers, who run the servers the site lives on and process traffic solely to deliver it to you.',
      ],
    },
  ],
} as const satisfies LegalPage;

const terms = {
  path: '/terms',
  title: 'Terms of Service',
  description: `The rules for using our Roblox scripts: acceptance, permitted and prohibited use, risks, your responsibilities (age ${MINIMUM_AGE}+) and changes to these terms.`,
  heading: 'Terms of Service',
  intro: 'Please read these terms carefully before using the site or any script listed on it.',
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      paragraphs: [
        'By accessing the site or using any of its scripts you agree to these terms and to our Privacy Policy. If you do not agree, please do not use the site.',
        'We are not liable for any bans, suspensions or other actions taken against your game accounts as a result of using our scripts.',
      ],
    },
    {
      id: 'use',
      title: 'Use of Scripts',
      paragraphs: ['Our scripts are provided for your own use, within the following limits.'],
      lists: [
        {
          title: 'You may',
          tone: 'allowed',
          items: [
            'Use the scripts for personal use.',
            'Run one instance per account.',
            'Modify the scripts for your own personal use.',
          ],
        },
        {
          title: 'You may not',
          tone: 'forbidden',
          items: [
            'Resell or redistribute the scripts.',
            'Use the scripts for any commercial purpose.',
            'Reverse engineer the scripts or the site.',
          ],
        },
      ],
    },
    {
      id: 'risks',
      title: 'Risks',
      paragraphs: ['Using third-party scripts in online games carries risk, and you accept it by using them.'],
      lists: [
        {
          title: 'Please be aware that',
          tone: 'neutral',
          items: [
            'Game accounts can be banned or suspended for using scripts.',
            'We do not guarantee uptime or availability of the site or of any script.',
            'We do not guarantee the security of any script or its results.',
          ],
        },
      ],
    },
    {
      id: 'responsibilities',
      title: 'Your Responsibilities',
      paragraphs: ['When using the site and its scripts you agree to the following.'],
      lists: [
        {
          title: 'You are responsible for',
          tone: 'neutral',
          items: [
            'Keeping your own accounts secure.',
            `Being at least ${MINIMUM_AGE} years old (age ${MINIMUM_AGE}+).`,
            'Not using cheats in competitive game modes.',
          ],
        },
      ],
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      paragraphs: [
        'We may change these terms at any time without notice. The date at the top of this page shows when they were last updated; continuing to use the site means you accept the current terms.',
      ],
    },
  ],
} as const satisfies LegalPage;

/** One kind of cookie as the cookies page lists it. */
export interface CookieKind {
  id: 'essential' | 'performance' | 'analytics';
  name: string;
  description: string;
  examples: readonly string[];
  /** Essential cookies cannot be turned off; the others get a switch, on by default. */
  alwaysActive: boolean;
}

/** The cookies page: its head, its hero and the texts of its two tabs. */
export interface CookiesPage extends PageHead {
  heading: string;
  intro: string;
  tabs: { label: string; all: string; manage: string };
  allHeading: string;
  manageHeading: string;
  manageIntro: string;
  alwaysActive: string;
  optional: string;
  examplesLabel: string;
  enabled: string;
  disabled: string;
  save: string;
  kinds: readonly CookieKind[];
}

const cookies = {
  path: '/cookies',
  title: 'Cookie Policy',
  description:
    'Which cookies the catalogue uses (essential, performance and analytics) and how to manage your preferences for the optional ones.',
  heading: 'Cookie Policy',
  intro:
    'Cookies are small files your browser keeps for a site. Here is every kind we use and why; you can turn the optional ones off under Manage Preferences.',
  tabs: {
    label: 'Cookie settings',
    all: 'All Cookies',
    manage: 'Manage Preferences',
  },
  allHeading: 'Cookies we use',
  manageHeading: 'Your preferences',
  manageIntro: 'Choose which optional cookies you allow. Essential cookies keep the site working and are always on.',
  alwaysActive: 'Always Active',
  optional: 'Optional',
  examplesLabel: 'Used for',
  enabled: 'On',
  disabled: 'Off',
  save: 'Save Preferences',
  kinds: [
    {
      id: 'essential',
      name: 'Essential Cookies',
      description: 'Required for the site to work. They cannot be switched off.',
      examples: ['Remembering that you joined our channels', 'Security and protection against abuse'],
      alwaysActive: true,
    },
    {
      id: 'performance',
      name: 'Performance Cookies',
      description: 'Help us measure how fast pages load so we can keep the catalogue quick.',
      examples: ['Page load times', 'Error rates'],
      alwaysActive: false,
    },
    {
      id: 'analytics',
      name: 'Analytics Cookies',
      description: 'Give us anonymised statistics about which scripts and pages are popular.',
      examples: ['Popular scripts', 'Pages visited'],
      alwaysActive: false,
    },
  ],
} as const satisfies CookiesPage;

/**
 * Copy of the SEO landing page (docs/product.md#seo-page): marketing text with six popular
 * games, ten script types, benefits, a usage guide and a four-question FAQ, linking to /scripts.
 */

export interface SeoGame {
  name: string;
  blurb: string;
}

export interface SeoScriptType {
  name: string;
  description: string;
}

export interface SeoBenefit {
  title: string;
  description: string;
}

export interface SeoStep {
  title: string;
  description: string;
}

export interface SeoQuestion {
  question: string;
  answer: string;
}

export interface SeoPage extends PageHead {
  hero: { eyebrow: string; heading: string; text: string; cta: string };
  games: { heading: string; intro: string; linkLabel: string; items: readonly SeoGame[] };
  types: { heading: string; intro: string; items: readonly SeoScriptType[] };
  benefits: { heading: string; intro: string; items: readonly SeoBenefit[] };
  guide: { heading: string; intro: string; steps: readonly SeoStep[] };
  faq: { heading: string; items: readonly SeoQuestion[] };
  closing: { heading: string; text: string; cta: string };
}

const seo = {
  path: '/seo',
  title: 'Roblox Scripts: Free Auto Farm, ESP and GUI Scripts for Popular Games',
  description:
    'Free, updated Roblox scripts for Blox Fruits, Adopt Me!, Brookhaven RP, Pet Simulator X, Da Hood and Arsenal: auto farms, ESP, aimbots, teleports, script hubs and more.',
  hero: {
    eyebrow: 'Roblox scripts guide',
    heading: 'Roblox Scripts for Every Popular Game',
    text:
      'Find working Roblox scripts in one place: auto farms, ESP, teleports, script hubs and more for the games you play most. Every script comes with a ready-to-copy loadstring, a description and regular updates.',
    cta: 'Browse All Scripts',
  },
  games: {
    heading: 'Popular Games',
    intro: 'Our catalogue covers the most played Roblox experiences. Start with one of these favourites:',
    linkLabel: 'Scripts for',
    items: [
      { name: 'Blox Fruits', blurb: 'Auto farm levels, collect fruits and grind bosses while you are away.' },
      { name: 'Adopt Me!', blurb: 'Speed up pet care, trading and money farming.' },
      { name: 'Brookhaven RP', blurb: 'Unlock roleplay extras, teleports and fun admin-style tools.' },
      { name: 'Pet Simulator X', blurb: 'Automate coin farming, egg hatching and pet upgrades.' },
      { name: 'Da Hood', blurb: 'Get an edge with aim assist, ESP and movement tweaks.' },
      { name: 'Arsenal', blurb: 'Sharpen your game with aimbot, ESP and gun mods.' },
    ],
  },
  types: {
    heading: 'Types of Scripts',
    intro: 'Whatever you want to automate or improve, there is a script type for it:',
    items: [
      { name: 'Auto Farm', description: 'Grinds levels, money and items for you automatically.' },
      { name: 'ESP', description: 'Shows players, items and objectives through walls.' },
      { name: 'Aimbot', description: 'Locks your aim onto targets in shooter games.' },
      { name: 'Teleport', description: 'Moves you instantly to any location or player.' },
      { name: 'Speed Hack', description: 'Changes your walk speed to get around faster.' },
      { name: 'Fly', description: 'Lets your character fly freely across the map.' },
      { name: 'Infinite Jump', description: 'Jump again in mid-air, as many times as you like.' },
      { name: 'Noclip', description: 'Walk through walls and other obstacles.' },
      { name: 'Auto Clicker', description: 'Clicks for you in clicker and simulator games.' },
      { name: 'Script Hub (GUI)', description: 'Many features for one or more games in a single menu.' },
    ],
  },
  benefits: {
    heading: 'Why Use Our Scripts',
    intro: 'We keep the catalogue useful, safe to browse and easy to use:',
    items: [
      { title: 'Free to Use', description: 'Browse, copy and run scripts at no cost.' },
      { title: 'Regular Updates', description: 'Scripts are refreshed after game updates.' },
      { title: 'Optimized Code', description: 'Lightweight loaders that run fast.' },
      { title: 'Copy in One Click', description: 'Every script has a ready-to-paste loadstring.' },
      { title: 'No Downloads', description: 'Nothing to install from us: just copy the text.' },
      { title: '24/7 Support', description: 'Our Telegram community is there when you need help.' },
    ],
  },
  guide: {
    heading: 'How to Use Roblox Scripts',
    intro: 'Running a script takes a minute:',
    steps: [
      { title: 'Find a script', description: 'Search the catalogue or open one of the popular games above.' },
      { title: 'Open the script page', description: 'Read the description and check which game it is for.' },
      { title: 'Copy the loadstring', description: 'Open the Script tab and press Copy.' },
      { title: 'Start the game and your executor', description: 'Join the game, then open the script executor you use.' },
      { title: 'Paste and execute', description: 'Paste the loadstring into the executor and run it.' },
    ],
  },
  faq: {
    heading: 'Frequently Asked Questions',
    items: [
      {
        question: 'Are these Roblox scripts free?',
        answer: 'Yes. Every script in the catalogue can be opened and copied for free. Some ask you to join our channels first.',
      },
      {
        question: 'Is it safe to use Roblox scripts?',
        answer:
          'The site itself is safe to browse, and we never ask you to download files. Using scripts in a game always carries a risk of a ban, so use them at your own risk and never in competitive modes.',
      },
      {
        question: 'What do I need to run a script?',
        answer: 'A script executor for Roblox. Copy the loadstring from the script page, paste it into your executor while in the game and execute it.',
      },
      {
        question: 'How often are scripts updated?',
        answer: 'We update scripts after game updates break them and add new ones regularly. Check the date on each script to see how fresh it is.',
      },
    ],
  },
  closing: {
    heading: 'Ready to Level Up?',
    text: 'Hundreds of scripts are waiting in the catalogue, ready to copy.',
    cta: 'Browse Scripts',
  },
} as const satisfies SeoPage;

/** Every static page's copy in one reading. */
export interface StaticTexts {
  legal: LegalCommon;
  privacy: LegalPage;
  terms: LegalPage;
  cookies: CookiesPage;
  seo: SeoPage;
}

export const spec = { legal: legalCommon, privacy, terms, cookies, seo } satisfies StaticTexts;
