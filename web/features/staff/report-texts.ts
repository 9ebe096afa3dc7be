import type { ReportAction, ReportReason } from '../../../contract/report-rules.ts';

/** The review queue's words (ReportsSection), each panel's from its messages file. */
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
