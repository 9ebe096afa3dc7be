import type { Language } from '../../../../contract/i18n.ts';
import { type AnalysisChanges, changeSentences } from '../../../../contract/analysis-diff.ts';
import type { AdminMessages } from '../../admin/texts/spec.ts';
import { en as moderatorEn } from '../../moderator/texts/en.ts';
import { type ModeratorMessages, spec as moderator } from '../../moderator/texts/spec.ts';
import type { PanelReading } from '../language.ts';
import type { IssueWording } from './form.ts';

/*
 * What the panels say that is worked out, not written: zod issues and a loader update's changes in the
 * panel's words, from its texts (web/features/admin/texts/, web/features/moderator/texts/).
 */

type Validation = ModeratorMessages['validation'];
type FormMessages = ModeratorMessages['form'];

/** zod issues in the panel's words: the contract's English messages describe the API, not this screen. */
function wordWith(v: Validation, f: FormMessages): IssueWording {
  return (issue) => {
    if (issue.code === 'too_big' && issue.path[0] === 'channels') return v.tooManyChannels(Number(issue.maximum));
    if (issue.code === 'too_big' && issue.path[0] === 'executors') return f.executors.tooMany(Number(issue.maximum));
    // The contract's own sentences about the facts (its other custom issues name the field).
    if (issue.code === 'custom' && issue.path[0] === 'keyLink' && issue.message.includes('https')) return v.keyLinkHttps;
    if (issue.code === 'custom' && issue.path[0] === 'game' && issue.message.includes('universal')) return v.universalGame;
    if (issue.code === 'too_big') return v.tooLong(Number(issue.maximum));
    if (issue.code === 'too_small' || issue.code === 'invalid_type') return v.required;
    return undefined;
  };
}

/** zod issues in Russian (the moderator panel's specification reading). */
export const wordInRussian: IssueWording = wordWith(moderator.validation, moderator.form);

/** Chosen in Russian, a rule the panel has no words for still says something in Russian. */
export const wordAllInRussian: IssueWording = (issue) => wordInRussian(issue) ?? moderator.validation.invalid;

/** The admin's own rules, then the language's general ones (none in the specification's English). */
export function adminWord(a: AdminMessages, general: IssueWording): IssueWording {
  const af = a.scripts.form;
  return (issue) => {
    if (issue.path[0] === 'channels' && issue.code === 'too_big') return af.tooManyChannels(Number(issue.maximum));
    if (issue.path[0] === 'executors' && issue.code === 'too_big') return af.executors.tooMany(Number(issue.maximum));
    // The site channel's https rule: the contract's message is written for API clients.
    if (issue.path[0] === 'url' && issue.code === 'custom') return a.siteChannels.urlHttps;
    return general(issue);
  };
}

/**
 * An update's changes in the panel's words: the contract's sentences are English only, so each finding
 * is named by the panel's own text of it (the form's live findings), after "added" or "removed".
 */
export function changesIn(m: ModeratorMessages, locale: string) {
  const said = m.history.changes;
  const findings = m.form.analysis.findings;
  return (changes: AnalysisChanges): string[] => {
    const finding = (code: keyof typeof findings) => findings[code].charAt(0).toLocaleLowerCase(locale) + findings[code].slice(1);
    return [
      ...changes.added.map((item) => said.added(finding(item.code))),
      ...changes.removed.map((item) => said.removed(finding(item.code))),
      ...changes.hostsAdded.map(said.hostAdded),
      ...changes.hostsRemoved.map(said.hostRemoved),
    ];
  };
}

export const HISTORY_CHANGES: Record<Language, (changes: AnalysisChanges) => string[]> = {
  // The contract's sentences are English, as the admin's specification reading is.
  en: changeSentences,
  ru: changesIn(moderator, 'ru-RU'),
};

/** The zod wording of the moderator login and forms, per reading. */
export const MODERATOR_WORD: Record<PanelReading, IssueWording> = {
  spec: wordInRussian,
  en: wordWith(moderatorEn.validation, moderatorEn.form),
  ru: wordAllInRussian,
};
