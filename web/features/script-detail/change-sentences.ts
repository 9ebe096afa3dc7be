import type { AnalysisChanges } from '../../../contract/analysis-diff.ts';
import type { Messages } from '../../i18n/catalogue.ts';

/** A reading's sentences of what an update changed (historyTexts). */
export type ChangeTexts = Pick<Messages['historyTexts'], 'changes' | 'hostAdded' | 'hostRemoved'>;

/**
 * The plain sentences of an update in a reading, as the contract's changeSentences orders them:
 * findings added (as given), findings removed, then hosts added and removed. The specification's
 * reading says the contract's own sentences; the History section and the script's feed both say these.
 */
export function changeSentencesIn(texts: ChangeTexts, changes: AnalysisChanges): string[] {
  return [
    ...changes.added.map((item) => texts.changes[item.code].added),
    ...changes.removed.map((item) => texts.changes[item.code].removed),
    ...changes.hostsAdded.map((host) => texts.hostAdded(host)),
    ...changes.hostsRemoved.map((host) => texts.hostRemoved(host)),
  ];
}
