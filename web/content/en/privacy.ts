import type { Shape } from '../../messages/shape.ts';
import type { privacy as spec } from '../privacy.ts';

/** The privacy policy, wholly English (`/en/privacy`): the specification's own English. */
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
} as const satisfies Shape<typeof spec>;
