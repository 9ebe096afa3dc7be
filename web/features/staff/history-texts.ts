import type { AnalysisChanges } from '../../../contract/analysis-diff.ts';

/** A script's loader history and its restore (ScriptHistoryDialog), each panel's from its messages file. */
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
