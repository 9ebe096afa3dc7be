import { EXECUTOR_VOTE_DAYS } from '../../../contract/constants.ts';
import type { Shape } from '../shape.ts';
import type { compatibility as spec } from '../compatibility.ts';

/** A script's compatibility table and the works vote's executor picker, wholly English (`/en/…`). */
export const compatibility = {
  heading: 'Compatibility',
  intro: `Executors staff tested this script with, and what visitors answered in the last ${EXECUTOR_VOTE_DAYS} days.`,
  empty: 'No compatibility data yet. Ran it? Press Works or Doesn’t work above and say where you ran it.',
  columns: { executor: 'Executor', platforms: 'Platforms', tested: 'Staff tested', works: 'Works', broken: 'Doesn’t work' },
  tested: 'Tested',
  notTested: 'Not tested',
  status: { working: 'Working', updating: 'Updating', patched: 'Patched', discontinued: 'Discontinued' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  where: {
    label: 'Where did you run it?',
    none: 'Not saying',
    hint: 'Optional. Your Works or Doesn’t work answer then counts for that executor too.',
    loading: 'Loading executors…',
    failed: 'The executors could not be loaded.',
    retry: 'Try again',
  },
} as const satisfies Shape<typeof spec>;
