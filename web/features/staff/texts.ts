import type { Language } from '../../../contract/i18n.ts';
import { type AnalysisChanges, changeSentences } from '../../../contract/analysis-diff.ts';
import type { AdminMessages } from '../../messages/admin.ts';
import type { ModeratorMessages } from '../../messages/moderator.ts';
import { messages, panelMessages } from '../../messages/staff.ts';
import type { StaffRole } from './api/auth-storage.ts';
import type { PanelReading } from './language.ts';
import type { IssueWording } from './lib/form.ts';
import type { StaffTexts } from './staff-texts.ts';

/*
 * Each panel's texts for the shared staff components, from its messages file in the reading the
 * browser chose (issue 29): with no choice the specification's (the admin's English, the
 * moderator's Russian, exactly as written), else wholly English or wholly Russian.
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
export const wordInRussian: IssueWording = wordWith(messages.moderator.validation, messages.moderator.form);

/** Chosen in Russian, a rule the panel has no words for still says something in Russian. */
const wordAllInRussian: IssueWording = (issue) => wordInRussian(issue) ?? messages.moderator.validation.invalid;

/** The admin's own rules, then the language's general ones (none in the specification's English). */
function adminWord(a: AdminMessages, general: IssueWording): IssueWording {
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
function changesIn(m: ModeratorMessages, locale: string) {
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

const HISTORY_CHANGES: Record<Language, (changes: AnalysisChanges) => string[]> = {
  // The contract's sentences are English, as the admin's specification reading is.
  en: changeSentences,
  ru: changesIn(messages.moderator, 'ru-RU'),
};

function adminTexts(a: AdminMessages, language: Language, general: IssueWording): StaffTexts {
  const ac = a.common;
  const as = a.scripts;
  const af = as.form;
  return {
    common: {
      cancel: ac.cancel,
      close: ac.close,
      delete: ac.delete,
      dismiss: ac.dismiss,
      retry: ac.retry,
      loading: ac.loading,
      timedOut: ac.timedOut,
      invalidData: ac.invalidData,
      actions: ac.actions,
      pagination: { previous: ac.previous, next: ac.next, nav: ac.pagination, showing: ac.showing },
      chart: ac.chart,
    },
    word: adminWord(a, general),
    scripts: {
      title: as.title,
      intro: as.intro,
      count: as.count,
      searchLabel: as.searchLabel,
      searchPlaceholder: as.search,
      refresh: as.refresh,
      loaded: as.loaded,
      create: as.newScript,
      listLabel: as.listLabel,
      columns: as.columns,
      noDescription: as.noDescription,
      noChannels: as.noChannels,
      markWorking: as.markWorking,
      markWorkingLabel: as.markWorkingLabel,
      markWorkingFailed: as.markWorkingFailed,
      gameLabel: as.gameLabel,
      badges: as.badges,
      loadFailed: as.loadFailed,
      loadFailedToast: as.loadFailed,
      empty: as.empty,
      emptySearch: as.emptySearch,
      deleteLabel: as.deleteLabel,
      confirmDelete: as.confirmDelete,
      deleted: as.deleted,
      deleteFailed: as.deleteFailed,
    },
    form: adminForm(a),
    reports: a.reports,
    visibility: a.visibility,
    history: { ...as.history, changes: HISTORY_CHANGES[language] },
    edit: {
      label: ac.edit,
      rowLabel: as.editLabel,
      title: af.editTitle,
      imageKeep: af.imageKeep,
      currentImage: af.currentImage,
      noImage: af.noImage,
      save: ac.save,
      updated: as.updated,
    },
  };
}

function adminForm(a: AdminMessages): StaffTexts['form'] {
  const af = a.scripts.form;
  return {
    createTitle: af.createTitle,
    playsname: af.playsname,
    description: af.description,
    loadstring: af.loadstring,
    analysis: af.analysis,
    channels: af.channels,
    channelsHint: af.channelsHint,
    channelsPlaceholder: '@channel, https://t.me/another',
    tooManyChannels: af.tooManyChannels,
    image: af.image,
    imageHint: af.imageHint,
    chooseFile: af.chooseFile,
    noFile: af.noFile,
    imageOnly: af.imagesOnly,
    imagePreview: af.imagePreview,
    removeImage: af.removeImage,
    progressLabel: a.common.uploadProgress,
    uploading: af.uploading,
    saving: a.common.saving,
    create: a.common.create,
    created: a.scripts.created,
    failed: a.scripts.saveFailed,
    facts: af.facts,
    executors: af.executors,
  };
}

function moderatorTexts(m: ModeratorMessages, language: Language, word: IssueWording): StaffTexts {
  const ms = m.scripts;
  return {
    common: {
      cancel: ms.cancel,
      close: ms.close,
      delete: ms.delete,
      dismiss: ms.close,
      retry: ms.retry,
      loading: ms.loading,
      timedOut: m.timeout,
      invalidData: m.invalidData,
      actions: ms.columns.actions,
      pagination: ms.pagination,
      chart: m.chart,
    },
    word,
    scripts: {
      title: ms.heading,
      intro: ms.intro,
      count: ms.count,
      searchLabel: ms.searchLabel,
      searchPlaceholder: ms.searchPlaceholder,
      refresh: ms.refresh,
      loaded: ms.loaded,
      create: ms.create,
      listLabel: ms.tableLabel,
      columns: ms.columns,
      noDescription: ms.noDescription,
      noChannels: ms.noChannels,
      markWorking: ms.markWorking,
      markWorkingLabel: ms.markWorkingLabel,
      markWorkingFailed: ms.markWorkingFailed,
      gameLabel: ms.gameLabel,
      badges: ms.badges,
      loadFailed: ms.loadFailed,
      loadFailedToast: ms.loadFailedToast,
      empty: ms.emptyTitle,
      emptyText: ms.emptyText,
      emptySearch: ms.notFoundTitle,
      emptySearchText: ms.notFoundText,
      clearSearch: ms.clearSearch,
      deleteLabel: ms.deleteLabel,
      confirmDelete: ms.confirmDelete,
      deleted: ms.deleted,
      deleteFailed: ms.deleteFailed,
    },
    form: moderatorForm(m),
    insights: m.insights,
    reports: m.reports,
    visibility: m.visibility,
    history: { ...m.history, changes: changesIn(m, language === 'ru' ? 'ru-RU' : 'en-GB') },
  };
}

function moderatorForm(m: ModeratorMessages): StaffTexts['form'] {
  const mf = m.form;
  const mv = m.validation;
  return {
    createTitle: mf.title,
    intro: mf.description,
    playsname: mf.playsname,
    description: mf.descriptionField,
    loadstring: mf.loadstring,
    analysis: mf.analysis,
    channels: mf.channels,
    channelsHint: mf.channelsHint,
    channelsPlaceholder: mf.channelsPlaceholder,
    tooManyChannels: mv.tooManyChannels,
    image: mf.image,
    imageHint: mf.imageHint,
    chooseFile: mf.chooseFile,
    noFile: mf.noFile,
    imageOnly: mv.imageOnly,
    imagePreview: mf.imagePreview,
    removeImage: mf.removeImage,
    progressLabel: mf.progressLabel,
    uploading: mf.uploading,
    saving: mf.saving,
    create: mf.submit,
    created: mf.created,
    failed: mf.failed,
    facts: mf.facts,
    executors: mf.executors,
  };
}

const en = panelMessages.moderator.en;
/** The zod wording of the moderator login and forms, per reading. */
export const MODERATOR_WORD: Record<PanelReading, IssueWording> = {
  spec: wordInRussian,
  en: wordWith(en.validation, en.form),
  ru: wordAllInRussian,
};

const none: IssueWording = () => undefined;
const a = panelMessages.admin;
const m = panelMessages.moderator;

/** Each panel's texts in each reading. */
export const PANEL_TEXTS: Record<StaffRole, Record<PanelReading, StaffTexts>> = {
  admin: { spec: adminTexts(a.spec, 'en', none), en: adminTexts(a.en, 'en', none), ru: adminTexts(a.ru, 'ru', wordAllInRussian) },
  moderator: {
    spec: moderatorTexts(m.spec, 'ru', MODERATOR_WORD.spec),
    en: moderatorTexts(m.en, 'en', MODERATOR_WORD.en),
    ru: moderatorTexts(m.ru, 'ru', MODERATOR_WORD.ru),
  },
};

/** Each panel's texts in the specification's reading (no language chosen). */
export const STAFF_TEXTS: Record<StaffRole, StaffTexts> = { admin: PANEL_TEXTS.admin.spec, moderator: PANEL_TEXTS.moderator.spec };
