import type { Language } from '../../../contract/i18n.ts';
import { en as adminEn } from '../admin/texts/en.ts';
import { ru as adminRu } from '../admin/texts/ru.ts';
import { type AdminMessages, spec as adminSpec } from '../admin/texts/spec.ts';
import { en as moderatorEn } from '../moderator/texts/en.ts';
import { ru as moderatorRu } from '../moderator/texts/ru.ts';
import { type ModeratorMessages, spec as moderatorSpec } from '../moderator/texts/spec.ts';
import type { StaffRole } from './api/auth-storage.ts';
import type { PanelReading } from './language.ts';
import type { IssueWording } from './lib/form.ts';
import { adminWord, changesIn, HISTORY_CHANGES, MODERATOR_WORD, wordAllInRussian } from './lib/wording.ts';
import { en as staffEn } from './texts/en.ts';
import { ru as staffRu } from './texts/ru.ts';
import type { StaffTexts } from './shared-texts.ts';

/**
 * The panels' texts side by side (issue 29, docs/decisions/0059-texts-one-convention.md): each panel's `texts/` folder
 * gives its specification's reading (the admin's English, the moderator's Russian, exactly as written),
 * English and Russian in one shape, and this feature's `en.ts` / `ru.ts` what both say by language.
 */
export const panelMessages = {
  admin: { spec: adminSpec, en: adminEn, ru: adminRu },
  moderator: { spec: moderatorSpec, en: moderatorEn, ru: moderatorRu },
  staff: { en: staffEn, ru: staffRu },
} as const;

/*
 * What the shared staff components show (shared-texts.ts), taken from each panel's texts in each reading: the
 * panels name their words as the specification lays out each screen, the shared components by what
 * they are.
 */

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
