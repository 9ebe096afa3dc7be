import { CHANGE_SENTENCES, hostAddedSentence, hostRemovedSentence } from '../../../../contract/analysis-diff.ts';
import { EXECUTOR_VOTE_DAYS } from '../../../../contract/constants.ts';
import { spec as analysis } from '../../../components/ui/texts/spec.ts';

/**
 * Script detail strings (docs/product.md#script-detail-page); its exact texts are kept as they are. Page
 * area: its messages travel as the root loader's data, so each is a template (contract/i18n.ts).
 */
const detail = {
  back: 'Back to scripts',
  backPending: 'Loading scripts…',
  loading: 'Loading script…',
  imageAlt: '{name} — preview',
  created: 'Created',
  /** Beside the date, after the count (`{n}` the count as the reading writes numbers). */
  views: '{n} views',
  getScript: 'Get Script',
  stepsLabel: 'How to use it',
  /** The vote buttons (docs/product.md#votes); what a failed vote says is `votes`, loaded with the first vote. */
  votes: { label: 'Votes', like: 'Like', dislike: 'Dislike', works: 'Works', broken: 'Doesn’t work', where: 'Where did you run it?' },
  steps: ['Copy the loader from the Script tab', 'Open your executor in the game', 'Paste the loader and run it'],
  tabsLabel: 'Script details',
  tabDescription: 'Description',
  tabScript: 'Script',
  noDescription: 'Описание отсутствует',
  scriptHint: 'Paste the loader into your executor while the game is running.',
  loaderLabel: 'Loader',
  loaderLoading: 'Loading the loader…',
  loaderFailed: 'The loader could not be loaded.',
  copy: 'Copy',
  copied: 'Copied',
  copiedAnnouncement: 'Loader copied to the clipboard',
  copyFailed: 'Could not copy automatically: select the text and copy it by hand.',
  /** The one line that always runs the latest version (issue 38 item 4): fetched from /raw/{id} each run. */
  latestLine: {
    label: 'Always the latest version',
    hint: 'This line fetches the current loader every time it runs, so it keeps working after updates.',
    copy: 'Copy the always-latest line',
    copied: 'Line copied to the clipboard',
  },
  report: 'Report',
  notFound: {
    title: 'Script not found',
    text: 'The requested script does not exist',
    back: 'Return to list',
  },
  failed: {
    title: 'Loading failed',
    text: 'Failed to load scripts',
    back: 'Back to list',
    retry: 'Try again',
  },
} as const;

/**
 * The script page's facts and FAQ: rendered on the server only (web/features/script-detail/footer.server.tsx),
 * a separate export so none of it ships with the page.
 */
const footerTexts = {
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
} as const;

/**
 * The script page's texts its loader writes or hands over: the head tags' (meta.ts, scriptMeta), and
 * those only some scripts show, which the loader puts in the page's data only where they show.
 */
const detailMeta = {
  fallbackDescription: (name: string) =>
    `${name}: a free Roblox script. Copy the loader in one click and run it in your executor.`,
  notFoundTitle: 'Script not found',
  /** The key page of a key-system script (issue 27), opened in a new tab. */
  getKey: 'Get a key',
  /** Beside Copy when every executor the script was tested with or answered for is patched or discontinued. */
  noWorkingExecutor: 'No working executor known',
} as const;

/**
 * The script page's History section (docs/product.md#history): rendered on the server only
 * (web/features/script-detail/history.server.tsx), a separate export so none of it ships with the page.
 */
const historyTexts = {
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
  /** After Show changes / Hide changes, for screen readers: which update's changes. */
  ofVersion: (n: number) => ` in version ${n}`,
  older: (shown: number) => `The latest ${shown} updates are shown.`,
  /**
   * What an update changed, a sentence per finding added or removed and per host (the contract's
   * sentences in the specification's reading; the feed says them too).
   */
  changes: CHANGE_SENTENCES,
  hostAdded: hostAddedSentence,
  hostRemoved: hostRemovedSentence,
  /**
   * What the line diff says (web/features/script-detail/history-diff.ts). The section carries them as
   * data for the diff's chunk, which fills in the {placeholders}: the page's JavaScript holds none.
   */
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
};

/** The line diff's texts, as the History section hands them to its chunk. */
export type HistoryDiffTexts = typeof historyTexts.diff;

/** The script's Atom feed (docs/product.md#feeds). Server-only (SERVER_ONLY_AREAS): it never travels to the browser, so it keeps functions. */
const scriptFeed = {
  title: (name: string) => `${name}: loader updates`,
  entryTitle: (version: number) => `Version ${version}`,
  /** An update whose analysis found nothing new and nothing gone. */
  noChanges: 'No change in what the loader does',
} as const;

/**
 * A script's compatibility (issue 27, docs/decisions/0042-executor-pages.md#what-visitors-and-staff-see-of-executors): its table,
 * rendered on the server and again in the browser once the visitor's answers arrive, and the
 * executor picker of the works vote. Loaded with those, never with the page's first JavaScript.
 */
const compatibility = {
  heading: 'Compatibility',
  intro: `Executors staff tested this script with, and what visitors answered in the last ${EXECUTOR_VOTE_DAYS} days.`,
  empty: 'No compatibility data yet. Ran it? Press Works or Doesn’t work above and say where you ran it.',
  columns: { executor: 'Executor', platforms: 'Platforms', tested: 'Staff tested', works: 'Works', broken: 'Doesn’t work' },
  tested: 'Tested',
  notTested: 'Not tested',
  status: { working: 'Working', updating: 'Updating', patched: 'Patched', discontinued: 'Discontinued' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  /** The works vote's "Where did you run it?" (the button that opens it is in `detail`). */
  where: {
    label: 'Where did you run it?',
    none: 'Not saying',
    hint: 'Optional. Your Works or Doesn’t work answer then counts for that executor too.',
    loading: 'Loading executors…',
    failed: 'The executors could not be loaded.',
    retry: 'Try again',
  },
} as const;

/** The report dialog's texts (docs/product.md#reports); loaded with the dialog, on first use. */
const report = {
  title: 'Report this script',
  intro: 'Tell us what is wrong. We review every report; your report is anonymous.',
  reasonLegend: 'What is wrong with it?',
  reasons: {
    malware: 'Malware or data theft',
    broken: 'Doesn’t work',
    stolen: 'Stolen or re-uploaded',
    spam: 'Misleading or spam',
    other: 'Other',
  },
  detailsLabel: 'Details (optional)',
  detailsHint: 'What did you see? A line or two helps us check it faster.',
  /** Characters used of the most allowed (`{used}`, `{max}`: raw numbers, as the specification writes them). */
  counter: '{used} / {max}',
  submit: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  thanks: 'Thank you: we will review this script.',
  chooseReason: 'Choose a reason.',
  tooMany: 'You have sent several reports in the last hour. Please try again later.',
  gone: 'This script is no longer available.',
  failed: 'The report could not be sent. Check your connection and try again.',
} as const;

/** What a vote that was not taken says (docs/product.md#votes); loaded with the first vote, not with the page. */
const votes = {
  failed: 'Your vote was not saved. Try again.',
  limited: 'Too many votes for now. Try again later.',
  browsersOnly: 'Votes are taken from browsers only.',
} as const;

/**
 * "What this loader does" on a script's page (docs/product.md#what-this-loader-does), rendered on the
 * server only (web/features/script-detail/loader-report.server.tsx): none of it ships as JavaScript.
 */

const loaderReport = {
  /** The analysis as the panels show it; the public pages are in English, as the API's findings are. */
  ...analysis.loaderFindings,
  /** Above the findings when one is of high severity. */
  warning: 'Warning: this loader does something that can expose you or your account. Read what it does below before you copy it.',
};

export const spec = { detail, footerTexts, detailMeta, historyTexts, scriptFeed, compatibility, report, votes, loaderReport };
