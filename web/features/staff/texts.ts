import { type AnalysisChanges, changeSentences } from '../../../contract/analysis-diff.ts';
import { messages } from '../../messages/staff.ts';
import type { StaffRole } from './api/auth-storage.ts';
import type { IssueWording } from './lib/form.ts';
import type { StaffTexts } from './staff-texts.ts';

/*
 * Each panel's texts for the shared staff components, from its messages file: the admin panel in
 * English, the moderator panel in Russian. Like the endpoints and the token, the role picks them.
 */

const ac = messages.admin.common;
const as = messages.admin.scripts;
const af = as.form;
const m = messages.moderator;
const ms = m.scripts;
const mf = m.form;
const mv = m.validation;
const mh = m.history;

/** zod issues in Russian: the contract's English messages describe the API, not this screen. */
export const wordInRussian: IssueWording = (issue) => {
  if (issue.code === 'too_big' && issue.path[0] === 'channels') return mv.tooManyChannels(Number(issue.maximum));
  if (issue.code === 'too_big' && issue.path[0] === 'executors') return mf.executors.tooMany(Number(issue.maximum));
  // The contract's own sentences about the facts, in Russian (its other custom issues name the field).
  if (issue.code === 'custom' && issue.path[0] === 'keyLink' && issue.message.includes('https')) return mv.keyLinkHttps;
  if (issue.code === 'custom' && issue.path[0] === 'game' && issue.message.includes('universal')) return mv.universalGame;
  if (issue.code === 'too_big') return mv.tooLong(Number(issue.maximum));
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return mv.required;
  return undefined;
};

/**
 * An update's changes in Russian: the contract's sentences are English only, so each finding is named by
 * the panel's own Russian text of it (the form's live findings), after "added" or "removed".
 */
function changesInRussian(changes: AnalysisChanges): string[] {
  const said = mh.changes;
  const finding = (code: keyof typeof mf.analysis.findings) => {
    const text = mf.analysis.findings[code];
    return text.charAt(0).toLocaleLowerCase('ru-RU') + text.slice(1);
  };
  return [
    ...changes.added.map((item) => said.added(finding(item.code))),
    ...changes.removed.map((item) => said.removed(finding(item.code))),
    ...changes.hostsAdded.map(said.hostAdded),
    ...changes.hostsRemoved.map(said.hostRemoved),
  ];
}

const admin: StaffTexts = {
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
  word: (issue) => {
    if (issue.path[0] === 'channels' && issue.code === 'too_big') return af.tooManyChannels(Number(issue.maximum));
    if (issue.path[0] === 'executors' && issue.code === 'too_big') return af.executors.tooMany(Number(issue.maximum));
    // The site channel's https rule: the contract's message is written for API clients.
    if (issue.path[0] === 'url' && issue.code === 'custom') return messages.admin.siteChannels.urlHttps;
    return undefined;
  },
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
  form: {
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
    progressLabel: ac.uploadProgress,
    uploading: af.uploading,
    saving: ac.saving,
    create: ac.create,
    created: as.created,
    failed: as.saveFailed,
    facts: af.facts,
    executors: af.executors,
  },
  reports: messages.admin.reports,
  visibility: messages.admin.visibility,
  // The contract's sentences are the admin panel's: it is in English, as they are.
  history: { ...as.history, changes: changeSentences },
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

const moderator: StaffTexts = {
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
  word: wordInRussian,
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
  form: {
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
  },
  insights: m.insights,
  reports: m.reports,
  visibility: m.visibility,
  history: { ...mh, changes: changesInRussian },
};

export const STAFF_TEXTS: Record<StaffRole, StaffTexts> = { admin, moderator };
