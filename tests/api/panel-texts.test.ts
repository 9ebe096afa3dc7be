import { describe, expect, it } from 'vitest';
import type { AnalysisChanges } from '../../contract/analysis-diff.ts';
import { FINDINGS } from '../../contract/loader-findings.ts';
import { fieldRuleText } from '../../web/features/staff/api/client.ts';
import { PANEL_TEXTS, panelMessages, STAFF_TEXTS } from '../../web/features/staff/panel-texts.ts';

// The panels in English and in Russian (issue 29, item 4): every key in both languages, no empty text.

type Leaf = { path: string; value: unknown };

/** Every leaf of a messages object, by its dotted path; a function is a leaf. */
function leaves(value: unknown, path = ''): Leaf[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

const paths = (value: unknown) => leaves(value).map((leaf) => leaf.path).sort();

const sampleChanges: AnalysisChanges = {
  added: [{ code: 'webhook', severity: FINDINGS.webhook.severity, message: FINDINGS.webhook.message }],
  removed: [],
  hostsAdded: ['example.com'],
  hostsRemoved: [],
};

/** What a leaf says: a text as it is; a function called with sample values (numbers where it counts, names elsewhere). */
function said(leaf: Leaf): string[] {
  if (typeof leaf.value === 'string') return [leaf.value];
  if (typeof leaf.value === 'function') {
    const fn = leaf.value as (...args: unknown[]) => unknown;
    // The zod wording answers only for the issues it knows (web/features/staff/web-logic.test.ts).
    if (leaf.path === 'word') return ['(a wording)'];
    if (leaf.path.endsWith('changes') && fn.length === 1) return fn(sampleChanges) as string[];
    return [1, 2, 5, 21].map((n) => String(fn(...Array.from({ length: Math.max(fn.length, 1) }, (_, i) => (i === 0 ? n : n + i)))));
  }
  return [];
}

const FAMILIES = {
  'admin messages': panelMessages.admin,
  'moderator messages': panelMessages.moderator,
  'shared staff messages': panelMessages.staff,
  'admin staff texts': PANEL_TEXTS.admin,
  'moderator staff texts': PANEL_TEXTS.moderator,
} as const;

describe('the panels’ texts in both languages', () => {
  for (const [name, readings] of Object.entries(FAMILIES)) {
    const entries = Object.entries(readings as Record<string, unknown>);
    const [firstName, first] = entries[0] as [string, unknown];

    it(`has the same keys in every reading of the ${name}`, () => {
      for (const [reading, messages] of entries.slice(1)) {
        expect({ reading, keys: paths(messages) }).toEqual({ reading, keys: paths(first) });
      }
      expect(firstName).toBeTruthy();
    });

    it(`leaves no text of the ${name} empty and no placeholder unfilled`, () => {
      for (const [reading, messages] of entries) {
        for (const leaf of leaves(messages)) {
          if (typeof leaf.value === 'boolean' || typeof leaf.value === 'number') continue;
          const texts = said(leaf);
          expect({ reading, path: leaf.path, count: texts.length > 0 || leaf.path.endsWith('changes') }).toEqual({ reading, path: leaf.path, count: true });
          for (const text of texts) {
            expect({ reading, path: leaf.path, empty: text.trim() === '' }).toEqual({ reading, path: leaf.path, empty: false });
            expect({ reading, path: leaf.path, text, unfilled: /\{\w+[,}]/.test(text) }).toMatchObject({ unfilled: false });
          }
        }
      }
    });
  }

  it('finds a key that one language lacks, and an empty text (the walk itself)', () => {
    expect(paths({ a: 'x', b: { c: 'y' } })).not.toEqual(paths({ a: 'x', b: {} }));
    expect(said({ path: 'a', value: '' })).toEqual(['']);
  });

  it('keeps the specification’s reading exactly: no choice, the admin’s English and the moderator’s Russian', () => {
    expect(STAFF_TEXTS.admin).toBe(PANEL_TEXTS.admin.spec);
    expect(STAFF_TEXTS.moderator).toBe(PANEL_TEXTS.moderator.spec);
    expect(PANEL_TEXTS.admin.spec.scripts.title).toBe('Manage Scripts');
    expect(PANEL_TEXTS.moderator.spec.scripts.title).toBe('Скрипты');
    expect(panelMessages.admin.spec.login.noToken).toBe('Токен не получен');
    expect(panelMessages.moderator.spec.login.userName).toBe('UserName');
  });

  it('is wholly one language once chosen', () => {
    expect(panelMessages.admin.en.login.noToken).toBe('No token received');
    expect(panelMessages.admin.ru.scripts.title).toBe('Скрипты');
    expect(panelMessages.moderator.en.scripts.heading).toBe('Scripts');
    expect(panelMessages.moderator.ru.login.userName).toBe('Имя пользователя');
  });

  it('counts by CLDR plural rules in Russian and in English', () => {
    const reports = panelMessages.admin.ru.reports.count;
    expect([1, 2, 5, 21, 22, 111].map(reports)).toEqual(['1 жалоба', '2 жалобы', '5 жалоб', '21 жалоба', '22 жалобы', '111 жалоб']);
    expect([1, 3, 5].map(panelMessages.admin.ru.log.changeCount)).toEqual(['1 поле', '3 поля', '5 полей']);
    expect([1, 4, 11].map(panelMessages.admin.ru.scripts.form.facts.gameScripts)).toEqual(['1 скрипт', '4 скрипта', '11 скриптов']);
    expect(panelMessages.admin.ru.common.chart.summary(1234, 30, 80, '05.03')).toBe('1\u00a0234 за 30 дней; больше всего — 80 — 05.03.');
    expect([1, 2].map(panelMessages.moderator.en.reports.count)).toEqual(['1 report', '2 reports']);
    expect(panelMessages.moderator.en.chart.summary(1, 1, 1, '05.03')).toBe('1 in 1 day; the most, 1, on 05.03.');
  });

  it('words a refused field by its rule in the chosen language, and no other', () => {
    // The server's `fields` texts (server/domains/service.ts), in English and in its Russian.
    expect(fieldRuleText('ru', 'loadstring', 'Fetches from cdn.evil.example (evil.example), which this site blocks')).toBe('Загрузчик берёт код с cdn.evil.example (evil.example): этот домен заблокирован на сайте');
    expect(fieldRuleText('en', 'loadstring', 'Берёт код с evil.example, который сайт блокирует')).toBe('Fetches code from evil.example: this site blocks that domain');
    expect(fieldRuleText('ru', 'keyLink', 'On keys.example, which this site blocks')).toBe('Страница ключа на keys.example: этот домен заблокирован на сайте');
    expect(fieldRuleText('ru', 'playsname', 'playsname is required')).toBeUndefined();
  });
});
