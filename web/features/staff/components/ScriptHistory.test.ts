import { describe, expect, it } from 'vitest';
import { type AnalysisChanges, changeSentences } from '../../../../contract/analysis-diff.ts';
import { FINDINGS } from '../../../../contract/loader-findings.ts';
import type { StaffScriptVersionSummary } from '../../../../contract/versions.ts';
import { scriptVersionsQueryOptions, VERSIONS_PAGE_SIZE } from '../api/versions.ts';
import { formatDateTime } from '../lib/date-time.ts';
import { STAFF_TEXTS } from '../panel-texts.ts';

// The history dialog's pure parts (issue 28): each panel's sentences for an update, and when it asks for older versions.

const finding = (code: 'webhook' | 'remote-code') => ({ code, severity: FINDINGS[code].severity, message: FINDINGS[code].message });
const changes: AnalysisChanges = { added: [finding('webhook')], removed: [finding('remote-code')], hostsAdded: ['discord.com'], hostsRemoved: ['pastebin.com'] };

describe('the staff history’s texts and paging', () => {
  it('gives the admin the contract’s English sentences as they are', () => {
    expect(STAFF_TEXTS.admin.history.changes(changes)).toEqual(changeSentences(changes));
    expect(STAFF_TEXTS.admin.history.changes(changes)[0]).toBe('Adds a request to a Discord webhook');
  });

  it('gives the moderator Russian: each finding by the panel’s own text of it, added then removed, then hosts', () => {
    expect(STAFF_TEXTS.moderator.history.changes(changes)).toEqual([
      'Добавлено: отправляет данные на вебхук Discord или Guilded: так часто крадут данные аккаунтов.',
      'Убрано: скачивает и запускает дополнительный код: запустится то, что отдаст этот адрес.',
      'Теперь загружает с discord.com',
      'Больше не загружает с pastebin.com',
    ]);
    expect(STAFF_TEXTS.moderator.history.changes({ added: [], removed: [], hostsAdded: [], hostsRemoved: [] })).toEqual([]);
  });

  it('asks for older versions only after a full page, from the next offset', () => {
    const next = scriptVersionsQueryOptions('admin', 1).getNextPageParam;
    const page = (length: number) => Array.from({ length }, (_, n) => ({ version: n + 1 }) as StaffScriptVersionSummary);
    expect(next(page(VERSIONS_PAGE_SIZE), [page(VERSIONS_PAGE_SIZE)], 0, [0])).toBe(VERSIONS_PAGE_SIZE);
    expect(next(page(VERSIONS_PAGE_SIZE), [page(VERSIONS_PAGE_SIZE), page(VERSIONS_PAGE_SIZE)], VERSIONS_PAGE_SIZE, [0, VERSIONS_PAGE_SIZE])).toBe(2 * VERSIONS_PAGE_SIZE);
    expect(next(page(3), [page(VERSIONS_PAGE_SIZE), page(3)], VERSIONS_PAGE_SIZE, [0, VERSIONS_PAGE_SIZE])).toBeUndefined();
  });

  it('writes a version’s moment as the panels write dates, with its time, in the configured zone', () => {
    expect(formatDateTime('2026-03-05T21:07:00.000Z', 'UTC')).toBe('05.03.2026, 21:07');
    expect(formatDateTime('2026-03-05T21:07:00.000Z', 'Europe/Moscow')).toBe('06.03.2026, 00:07');
  });
});
