import type { PageHead } from './legal.ts';

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
} as const satisfies CookiesPage;
