import type { ErrorCode } from '../../../../contract/errors.ts';
import { spec as analysis } from '../../../components/ui/texts/spec.ts';
import type { Shape } from '../../../lib/shape.ts';

/**
 * What both panels say in English whatever their role: the language switch, and the errors of the
 * API by their `code` (docs/product.md#staff-panels). A code missing here shows the server's own text.
 */
export const en = {
  /** A script's types in both panels' script form, and the admin's Script types section (docs/decisions/0063-script-types.md). */
  scriptTypes: {
    legend: 'Script types',
    hint: 'Up to 5: the kinds of script it is (auto farm, ESP…), shown as chips and used by the type filter. Optional.',
    loading: 'Loading script types…',
    failed: 'Failed to load script types',
    none: 'No script types yet: the admin adds them in the Script types section.',
    full: 'At most 5 types: uncheck one to choose another.',
    section: {
      title: 'Script types',
      intro: 'The kinds of script visitors filter by (auto farm, ESP, aimbot…), each with its page in three readings.',
      newType: 'New type',
      listLabel: 'Script types',
      empty: 'No script types yet',
      emptyHint: 'Create the first one here.',
      loadFailed: 'Failed to load script types',
      columns: { name: 'Name', nameEn: 'English', nameRu: 'Russian', position: 'Position' },
      editLabel: (name: string) => `Edit ${name}`,
      deleteLabel: (name: string) => `Delete ${name}`,
      confirmDelete: 'Delete this script type?',
      confirmDeleteDetail: 'Its scripts lose it; the scripts stay.',
      deleted: 'Script type deleted',
      deleteFailed: 'Failed to delete the script type',
      createTitle: 'New script type',
      editTitle: 'Edit script type',
      fields: { name: 'Name', nameEn: 'English name', nameRu: 'Russian name', slug: 'Slug', position: 'Position' },
      hints: { name: 'As the unprefixed pages show it.', nameEn: 'Blank: the name.', slug: 'Blank on create: made from the name.', position: 'Lower first; blank: after the others.' },
      save: 'Save',
      create: 'Create',
      saved: 'Script type saved',
      created: 'Script type created',
      saveFailed: 'Failed to save the script type',
    },
  },
  language: {
    label: 'Language',
    english: 'English',
    russian: 'Русский',
  },
  errors: {
    codes: {
      VALIDATION_FAILED: 'Some values were refused: check the form and try again',
      BAD_REQUEST: 'The request could not be read; reload the page and try again',
      UNAUTHORIZED: 'Your session has expired. Please log in again.',
      FORBIDDEN: 'Your account may not do this',
      NOT_FOUND: 'It no longer exists: refresh the list',
      CONFLICT: 'This is already taken: choose another name or address',
      PAYLOAD_TOO_LARGE: 'The file is too large',
      UNSUPPORTED_MEDIA_TYPE: 'This kind of file is not accepted',
      RATE_LIMITED: 'Too many attempts; try again later',
      SERVICE_UNAVAILABLE: 'The server is briefly unavailable; try again in a moment',
      DATABASE_UNAVAILABLE: 'The server is briefly unavailable; try again in a moment',
    } satisfies Partial<Record<ErrorCode, string>>,
    /** A login refused (401): the name or the password is wrong. */
    badCredentials: 'Invalid username or password',
    /** The rules whose field message the panel words itself (a refused save's `fields`). */
    fields: {
      blockedDomain: (domain: string) => `Fetches code from ${domain}: this site blocks that domain`,
      blockedKeyLink: (domain: string) => `The key page is on ${domain}: this site blocks that domain`,
    },
  },
  /**
   * What both panels' shared screens say alike, in the admin's words (its specification's): a script
   * row's Mark working and badges, a loader's history, the live analysis, the Tested with field, the
   * review queue, the Hide/Unhide toggle and the day charts. Each panel's texts take these, rewording some.
   */
  scripts: {
    markWorking: 'Mark working',
    markWorkingLabel: (name: string) => `Mark ${name} working: earlier "doesn’t work" votes stop counting`,
    markWorkingFailed: 'Could not mark the script working',
    badges: { label: 'Script facts', universal: 'Universal', keySystem: 'Key system', patched: 'Patched', verified: 'Verified', loaderWarning: 'Risky loader', mayBePatched: 'May be patched' },
  },
  history: {
    label: 'History',
    rowLabel: (name: string) => `History of ${name}`,
    title: (name: string) => `History of ${name}`,
    intro: 'Every version of the loader, newest first: when it was saved, by whom, and what it changed in what the loader does.',
    listLabel: 'Versions',
    version: (version: number) => `Version ${version}`,
    current: 'Current',
    savedBy: (name: string) => `Saved by ${name}`,
    savedBySystem: 'Saved by the system',
    addedHigh: 'Added a high-risk finding',
    noChanges: 'No change in what the loader does',
    restore: 'Restore',
    restoreLabel: (version: number) => `Restore version ${version}`,
    confirmRestore: (version: number) => `Restore version ${version}?`,
    confirmRestoreDetail: 'Its loader is saved as a new version, checked like any save; the current one stays in the history.',
    restored: (from: number, to: number) => `Version ${from} restored as version ${to}`,
    restoreFailed: 'Failed to restore the version',
    loadFailed: 'Failed to load the history',
    empty: 'No versions yet',
    more: 'Show older versions',
  },
  analysis: analysis.loaderFindings,

  executors: {
    legend: 'Tested with',
    hint: 'The executors staff ran it on; visitors see them in the script’s compatibility table. Optional.',
    loading: 'Loading executors…',
    failed: 'Failed to load executors',
    none: 'No executors yet: add them in the Executors section.',
    status: { updating: 'updating', patched: 'patched', discontinued: 'discontinued' },
    tooMany: (max: number) => `At most ${max} executors`,
  },
  reports: {
    title: 'Reports',
    intro: 'What visitors reported. One decision resolves every open report of the script.',
    count: (total: number) => `${total} ${total === 1 ? 'report' : 'reports'}`,
    listLabel: 'Reports',
    stateLabel: 'State',
    states: { all: 'All', open: 'Open', resolved: 'Resolved' },
    reasonLabel: 'Reason',
    allReasons: 'All reasons',
    reasons: { malware: 'Malware or data theft', broken: 'Doesn’t work', stolen: 'Stolen or re-uploaded', spam: 'Misleading or spam', other: 'Other' },
    noDetails: 'No details given',
    received: (date: string) => `Received ${date}`,
    decided: { dismiss: 'Dismissed', hide: 'Script hidden', delete: 'Script deleted' },
    decidedBy: (name: string) => `by ${name}`,
    scriptGone: 'deleted',
    refresh: 'Refresh reports',
    empty: 'No reports here.',
    loadFailed: 'Failed to load reports',
    actions: { dismiss: 'Dismiss', hide: 'Hide script', delete: 'Delete script' },
    actionLabel: (action: string, script: string) => `${action}: ${script}`,
    confirm: {
      dismiss: 'Dismiss the reports on this script?',
      hide: 'Hide this script from the public site?',
      delete: 'Delete this script for good?',
    },
    confirmDetail: 'Every open report of the script is resolved with this decision.',
    done: { dismiss: 'Reports dismissed', hide: 'Script hidden', delete: 'Script deleted' },
    failed: 'The decision could not be saved',
  },
  visibility: {
    hidden: 'Hidden',
    hide: 'Hide',
    unhide: 'Unhide',
    hideLabel: (name: string) => `Hide ${name} from the public site`,
    unhideLabel: (name: string) => `Show ${name} on the public site again`,
    hiddenToast: 'Script hidden from the public site',
    shownToast: 'Script shown on the public site again',
    failed: 'The script’s visibility could not be changed',
  },
  chart: {
    day: 'Day',
    loading: 'Loading the chart…',
    total: (total: number) => `Total: ${new Intl.NumberFormat('en-US').format(total)}`,
    summary: (total: number, days: number, peak: number, peakDay: string) =>
      `${new Intl.NumberFormat('en-US').format(total)} in ${days} days; the most, ${new Intl.NumberFormat('en-US').format(peak)}, on ${peakDay}.`,
    views: 'Views',
    scripts: 'Scripts',
  },
} as const;

export type StaffMessages = Shape<typeof en>;
