import type { AnalysisChanges } from '../../../contract/analysis-diff.ts';
import type { ReportAction, ReportReason } from '../../../contract/report-rules.ts';
import type { BadgeTexts } from '../../components/ui/Badges.tsx';
import type { FindingTexts } from '../../components/ui/LoaderFindings.tsx';
import type { PaginationProps } from './components/Pagination.tsx';
import type { IssueWording } from './lib/form.ts';

/**
 * The texts the shared staff components show, in the panel's language (panel-texts.ts gives each panel's
 * texts in this shape).
 */
export interface StaffTexts {
  common: {
    cancel: string;
    close: string;
    delete: string;
    dismiss: string;
    retry: string;
    loading: string;
    timedOut: string;
    invalidData: string;
    actions: string;
    pagination: PaginationProps['labels'];
    /** The day charts' words (DayChart). */
    chart: ChartTexts;
  };
  /** Words zod issues for this panel (undefined keeps the contract's message). */
  word: IssueWording;
  scripts: {
    title: string;
    intro: string;
    count: (total: number) => string;
    searchLabel: string;
    searchPlaceholder: string;
    refresh: string;
    loaded: string;
    create: string;
    listLabel: string;
    columns: { name: string; description: string; date: string; channels: string };
    noDescription: string;
    noChannels: string;
    /** The row action ending May be patched (docs/product.md#votes). */
    markWorking: string;
    markWorkingLabel: (name: string) => string;
    markWorkingFailed: string;
    /** Read before the game's name in a row (for screen readers). */
    gameLabel: string;
    badges: BadgeTexts;
    /** The list's banner default and the toast of a failed load. */
    loadFailed: string;
    loadFailedToast: string;
    empty: string;
    emptyText?: string;
    emptySearch: string;
    emptySearchText?: (q: string) => string;
    clearSearch?: string;
    deleteLabel: (name: string) => string;
    confirmDelete: string;
    deleted: string;
    deleteFailed: string;
  };
  form: {
    createTitle: string;
    /** A line under the dialog's title. */
    intro?: string;
    playsname: string;
    description: string;
    loadstring: string;
    /** The live analysis under the loader. */
    analysis: FindingTexts;
    channels: string;
    channelsHint: string;
    channelsPlaceholder: string;
    tooManyChannels: (max: number) => string;
    image: string;
    imageHint: string;
    chooseFile: string;
    noFile: string;
    imageOnly: string;
    imagePreview: string;
    removeImage: string;
    progressLabel: string;
    uploading: (percent: number) => string;
    saving: string;
    create: string;
    created: string;
    failed: string;
    facts: FactTexts;
    executors: ExecutorFieldTexts;
  };
  /** The views of the panel's scripts per day, above its scripts list (where the panel shows it). */
  insights?: { title: string; caption: string; loadFailed: string };
  /** The review queue of visitors' reports. */
  reports: ReportTexts;
  /** The Hidden mark and the Hide/Unhide action of the scripts list. */
  visibility: VisibilityTexts;
  /** A script's loader versions, who saved each, and their restore (issue 28). */
  history: HistoryTexts;
  /** The edit texts, for a panel whose role may edit scripts. */
  edit?: {
    label: string;
    rowLabel: (name: string) => string;
    title: string;
    imageKeep: string;
    currentImage: string;
    noImage: string;
    save: string;
    updated: string;
  };
}

export interface ChartTexts {
  day: string;
  loading: string;
  total: (total: number) => string;
  /** A sentence saying what the chart shows, for screen readers. */
  summary: (total: number, days: number, peak: number, peakDay: string) => string;
  views: string;
  scripts: string;
}

/** The script form's listing facts (docs/product.md#script-form). Verified is the admin's only. */
export interface FactTexts {
  legend: string;
  game: string;
  gameHint: string;
  gamePlaceholder: string;
  gameOptions: string;
  gameNew: (name: string) => string;
  gameScripts: (count: number) => string;
  universal: string;
  universalHint: string;
  keySystem: string;
  keySystemHint: string;
  keyLink: string;
  keyLinkHint: string;
  patched: string;
  patchedHint: string;
  verified?: string;
  verifiedHint?: string;
}

/** The script form's "Tested with": the executors staff ran the script on (issue 27). */
export interface ExecutorFieldTexts {
  legend: string;
  hint: string;
  loading: string;
  failed: string;
  /** The admin has made no executor yet. */
  none: string;
  /** Named after an executor that cannot be used as it is (working ones say nothing). */
  status: { updating: string; patched: string; discontinued: string };
  tooMany: (max: number) => string;
}

/** A script's loader history and its restore (ScriptHistoryDialog), each panel's from its texts (panel-texts.ts). */
export interface HistoryTexts {
  /** The row action's visible text and title. */
  label: string;
  /** The row action's name: the action and the script's name. */
  rowLabel: (name: string) => string;
  title: (name: string) => string;
  intro: string;
  listLabel: string;
  version: (version: number) => string;
  /** The mark of the newest version, the script's loader now. */
  current: string;
  savedBy: (name: string) => string;
  /** A version saved by no staff account: the migration's, the demo's, a backup's. */
  savedBySystem: string;
  /** The mark of an update that added a finding of high severity. */
  addedHigh: string;
  noChanges: string;
  /** What an update changed in the analysis, as plain sentences in the panel's language. */
  changes: (changes: AnalysisChanges) => string[];
  restore: string;
  restoreLabel: (version: number) => string;
  confirmRestore: (version: number) => string;
  confirmRestoreDetail: string;
  restored: (from: number, to: number) => string;
  restoreFailed: string;
  loadFailed: string;
  empty: string;
  /** Loads the next page of older versions. */
  more: string;
}

/** The review queue's words (ReportsSection), each panel's from its texts (panel-texts.ts). */
export interface ReportTexts {
  title: string;
  intro: string;
  count: (total: number) => string;
  listLabel: string;
  stateLabel: string;
  states: { all: string; open: string; resolved: string };
  reasonLabel: string;
  allReasons: string;
  reasons: Record<ReportReason, string>;
  noDetails: string;
  received: (date: string) => string;
  decided: Record<ReportAction, string>;
  decidedBy: (name: string) => string;
  scriptGone: string;
  refresh: string;
  empty: string;
  loadFailed: string;
  actions: Record<ReportAction, string>;
  /** A decision button's name: its visible text, then the script's name. */
  actionLabel: (action: string, script: string) => string;
  confirm: Record<ReportAction, string>;
  confirmDetail: string;
  done: Record<ReportAction, string>;
  failed: string;
}

/** Hiding and showing a script from a staff list. */
export interface VisibilityTexts {
  hidden: string;
  hide: string;
  unhide: string;
  hideLabel: (name: string) => string;
  unhideLabel: (name: string) => string;
  hiddenToast: string;
  shownToast: string;
  failed: string;
}
