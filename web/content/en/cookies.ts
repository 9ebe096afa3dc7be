import type { Shape } from '../../messages/shape.ts';
import type { cookies as spec } from '../cookies.ts';

/** The cookie policy, wholly English (`/en/cookies`): the specification's own English. */
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
} as const satisfies Shape<typeof spec>;
