import { EXECUTOR_VOTE_DAYS } from '../../contract/constants.ts';

/**
 * A script's compatibility (issue 27, docs/decisions/0042-executor-pages.md#what-visitors-and-staff-see-of-executors): its table,
 * rendered on the server and again in the browser once the visitor's answers arrive, and the
 * executor picker of the works vote. Loaded with those, never with the page's first JavaScript.
 */
export const compatibility = {
  heading: 'Compatibility',
  intro: `Executors staff tested this script with, and what visitors answered in the last ${EXECUTOR_VOTE_DAYS} days.`,
  empty: 'No compatibility data yet. Ran it? Press Works or Doesn’t work above and say where you ran it.',
  columns: { executor: 'Executor', platforms: 'Platforms', tested: 'Staff tested', works: 'Works', broken: 'Doesn’t work' },
  tested: 'Tested',
  notTested: 'Not tested',
  status: { working: 'Working', updating: 'Updating', patched: 'Patched', discontinued: 'Discontinued' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  /** The works vote's "Where did you run it?" (the button that opens it is in detail.ts). */
  where: {
    label: 'Where did you run it?',
    none: 'Not saying',
    hint: 'Optional. Your Works or Doesn’t work answer then counts for that executor too.',
    loading: 'Loading executors…',
    failed: 'The executors could not be loaded.',
    retry: 'Try again',
  },
} as const;
