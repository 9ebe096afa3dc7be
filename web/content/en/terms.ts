import { MINIMUM_AGE } from '../../../contract/constants.ts';
import type { Shape } from '../../messages/shape.ts';
import type { terms as spec } from '../terms.ts';

/** The terms of service, wholly English (`/en/terms`): the specification's own English. */
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
} as const satisfies Shape<typeof spec>;
