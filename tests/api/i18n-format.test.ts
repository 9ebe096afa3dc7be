import { describe, expect, it } from 'vitest';
import { formatMessage, formatMessageHtml, formatNumber, pluralCategory } from '../../contract/i18n.ts';

// The message format of issue 29 (docs/decisions.md#languages): plurals by CLDR rules, numbers by the
// reading's locale, and interpolation that escapes where the result is HTML.

const VIEWS_RU = '{count, plural, one {# просмотр} few {# просмотра} many {# просмотров} other {# просмотра}}';
const VIEWS_EN = '{count, plural, one {# view} other {# views}}';

describe('messages', () => {
  it('picks Russian plural forms by CLDR rules: 1 просмотр, 2 просмотра, 5 просмотров, 11, 21, 22, 1.5', () => {
    const views = (n: number) => formatMessage('ru', VIEWS_RU, { count: n });
    expect([1, 2, 5, 11, 21, 22, 111, 1.5].map(views)).toEqual([
      '1 просмотр',
      '2 просмотра',
      '5 просмотров',
      '11 просмотров',
      '21 просмотр',
      '22 просмотра',
      '111 просмотров',
      '1,5 просмотра',
    ]);
    expect(pluralCategory('ru', 3)).toBe('few');
  });

  it('picks English forms, and writes numbers as each reading does', () => {
    expect(formatMessage('en', VIEWS_EN, { count: 1 })).toBe('1 view');
    expect(formatMessage('en', VIEWS_EN, { count: 1234 })).toBe('1,234 views');
    // The specification's reading: English words, Russian numbers (as its view counts are today).
    expect(formatMessage('spec', VIEWS_EN, { count: 1234 })).toBe('1\u00a0234 views');
    expect(formatNumber('ru', 1234567)).toBe('1\u00a0234\u00a0567');
  });

  it('prefers an exact branch to the category', () => {
    const saved = '{n, plural, =0 {nothing saved} one {# script saved} other {# scripts saved}}';
    expect(formatMessage('en', saved, { n: 0 })).toBe('nothing saved');
    expect(formatMessage('en', saved, { n: 1 })).toBe('1 script saved');
  });

  it('fills named values and nested ones inside a branch', () => {
    const text = '{name}: {count, plural, one {# update by {who}} other {# updates by {who}}}';
    expect(formatMessage('en', text, { name: 'Hub', count: 2, who: 'admin' })).toBe('Hub: 2 updates by admin');
    expect(formatMessage('en', 'Loader updated {days} days ago', { days: 3 })).toBe('Loader updated 3 days ago');
  });

  it('leaves a placeholder without a value as written, so a missing value shows', () => {
    expect(formatMessage('en', 'Hello {name}!', {})).toBe('Hello {name}!');
    expect(formatMessage('en', 'An unclosed {brace', { brace: 'x' })).toBe('An unclosed {brace');
  });

  it('escapes every value and the template where the result is HTML, and nothing where it is text', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(formatMessageHtml('en', 'Updates of <b>{name}</b>', { name })).toBe(
      'Updates of &lt;b&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;&lt;/b&gt;',
    );
    expect(formatMessage('en', 'Updates of {name}', { name })).toBe(`Updates of ${name}`);
  });
});
