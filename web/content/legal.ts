import { MINIMUM_AGE } from '../../contract/constants.ts';

/**
 * Copy of the legal pages (SPEC.md section 2, "Static pages"): privacy, terms and cookies.
 * Components render these typed structures and hold no text of their own.
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
export const legalCommon = {
  lastUpdated: 'Last updated',
  onThisPage: 'On this page',
  backToTop: 'Back to top',
} as const;

export const privacy = {
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

export const terms = {
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

export const cookies = {
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
} as const satisfies PageHead & {
  heading: string;
  intro: string;
  kinds: readonly CookieKind[];
  [key: string]: unknown;
};
