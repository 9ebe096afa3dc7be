import { CHANGE_SENTENCES, hostAddedSentence, hostRemovedSentence } from '../../../contract/analysis-diff.ts';
import type { Shape } from '../shape.ts';
import type { detail as specDetail, detailMeta as specDetailMeta, footerTexts as specFooterTexts, historyTexts as specHistoryTexts } from '../detail.ts';

/** The script page's strings, wholly English (`/en/…`). */
export const detail = {
  back: 'Back to scripts',
  backPending: 'Loading scripts…',
  loading: 'Loading script…',
  imageAlt: '{name} — preview',
  created: 'Created',
  views: '{n, plural, one {# view} other {# views}}',
  getScript: 'Get Script',
  stepsLabel: 'How to use it',
  votes: { label: 'Votes', like: 'Like', dislike: 'Dislike', works: 'Works', broken: 'Doesn’t work', where: 'Where did you run it?' },
  steps: ['Copy the loader from the Script tab', 'Open your executor in the game', 'Paste the loader and run it'],
  tabsLabel: 'Script details',
  tabDescription: 'Description',
  tabScript: 'Script',
  noDescription: 'No description',
  scriptHint: 'Paste the loader into your executor while the game is running.',
  loaderLabel: 'Loader',
  loaderLoading: 'Loading the loader…',
  loaderFailed: 'The loader could not be loaded.',
  copy: 'Copy',
  copied: 'Copied',
  copiedAnnouncement: 'Loader copied to the clipboard',
  copyFailed: 'Could not copy automatically: select the text and copy it by hand.',
  report: 'Report',
  notFound: {
    title: 'Script not found',
    text: 'The requested script does not exist',
    back: 'Return to list',
  },
  failed: {
    title: 'Loading failed',
    text: 'The script could not be loaded',
    back: 'Back to list',
    retry: 'Try again',
  },
} as const satisfies Shape<typeof specDetail>;

export const footerTexts = {
  views: 'Views',
  facts: 'Script facts',
  telegramLabel: 'Telegram',
  telegram: 'Join the channel',
  videoLabel: 'Video',
  video: 'Watch on YouTube',
  faqHeading: 'Frequently asked questions',
  faq: [
    {
      question: 'How do I get the script?',
      answer: [
        'Open the Script tab and press Copy: the loader goes straight to your clipboard. If the page asks you to join channels first, join each one and press Continue.',
        'Then start the game, open your executor, paste the loader and run it. The script loads its latest version by itself, so you never need to come back for updates.',
      ],
    },
    {
      question: 'Why should I disable my adblocker?',
      answer: [
        'Some adblockers and privacy extensions block more than ads: they can hide the channel buttons, stop the Copy button from reaching your clipboard or keep the script text from loading.',
        'We show no pop-ups and no redirects. If something on this page does not work, pause the blocker for this site, reload the page and try again.',
      ],
    },
    {
      question: 'Is this site safe?',
      answer: [
        'Yes. We never ask you to download a file, install an extension or enter your Roblox password: every script is plain text that you can read before you run it. We collect only anonymous usage statistics.',
        'Keep in mind that any third-party script breaks Roblox’s rules and can get an account banned, so play on an alternative account. Our Terms of Service explain the risks.',
      ],
    },
  ],
} as const satisfies Shape<typeof specFooterTexts>;

export const detailMeta = {
  fallbackDescription: (name: string) => `${name}: a free Roblox script. Copy the loader in one click and run it in your executor.`,
  notFoundTitle: 'Script not found',
  getKey: 'Get a key',
  noWorkingExecutor: 'No working executor known',
} as const satisfies Shape<typeof specDetailMeta>;

export const historyTexts = {
  heading: 'History',
  intro: 'Every update of the loader, newest first, and what it changed.',
  onlyFirst: 'The loader has not been updated since it was added.',
  version: (n: number) => `Version ${n}`,
  saved: 'saved',
  first: 'First version',
  unchanged: 'Changes the code, not what the loader does.',
  high: 'High risk',
  show: 'Show changes',
  hide: 'Hide changes',
  ofVersion: (n: number) => ` in version ${n}`,
  older: (shown: number) => `The latest ${shown} updates are shown.`,
  changes: CHANGE_SENTENCES,
  hostAdded: hostAddedSentence,
  hostRemoved: hostRemovedSentence,
  diff: {
    label: 'Changes in the loader from version {before} to version {version}',
    summary: 'Lines added: {added}, removed: {removed}',
    added: 'Added: ',
    removed: 'Removed: ',
    folded: '… {count} unchanged lines',
    sameLines: 'Only the line endings changed.',
    loading: 'Loading the changes…',
    failed: 'The changes could not be loaded.',
    retry: 'Try again',
  },
} satisfies Shape<typeof specHistoryTexts>;
