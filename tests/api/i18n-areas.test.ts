import { describe, expect, it } from 'vitest';
import { areasOf, messagesKey } from '../../web/i18n/areas.ts';

// The messages a page's HTML carries (docs/decisions/0045-languages.md): by the page it is, in any reading
// and for its data request too; and the key the root loader is asked again by, which must never let a
// navigation keep the areas of a page that has others.

const PAGES = ['/', '/info', '/scripts', '/scripts/5', '/scripts/5-fly', '/scripts/5/x', '/games', '/games/adopt-me', '/executors', '/executors/kestrel', '/favourites', '/subscribe', '/privacy', '/seo', '/nope', '/nope/deeper'];
const ALL = PAGES.flatMap((page) => [page, `/en${page === '/' ? '' : page}`, `/ru${page === '/' ? '' : page}`, `${page === '/' ? '' : page}.data`.replace(/^\.data$/, '/_.data'), `/ru${page === '/' ? '' : page}.data`]);

describe('the message areas of a page', () => {
  it.each([
    ['/scripts', ['common', 'catalogue', 'loaderUpdates', 'typeChips', 'scriptsPage']],
    ['/ru/scripts.data', ['common', 'catalogue', 'loaderUpdates', 'typeChips', 'scriptsPage']],
    ['/en/scripts/5-fly', ['common', 'catalogue', 'loaderUpdates', 'typeChips', 'detail', 'subscriptions', 'channelGate', 'compatibility', 'report', 'votes']],
    ['/scripts/5/_.data', ['common', 'catalogue', 'loaderUpdates', 'typeChips', 'detail', 'subscriptions', 'channelGate', 'compatibility', 'report', 'votes']],
    ['/ru/executors', ['common', 'executorList', 'executorFacts']],
    ['/ru', ['common']],
    ['/privacy', ['common']],
    ['/scripts/5/x', ['common']],
  ])('%s shows %j', (path, areas) => {
    expect(areasOf(path)).toEqual(areas);
  });

  it('gives two pages one key only when they have the same reading and areas', () => {
    for (const a of ALL) {
      for (const b of ALL) {
        if (messagesKey(a) === messagesKey(b)) expect(areasOf(b), `${a} and ${b}`).toEqual(areasOf(a));
      }
    }
    expect(messagesKey('/ru/scripts')).not.toBe(messagesKey('/scripts'));
    expect(messagesKey('/scripts/5')).not.toBe(messagesKey('/scripts'));
  });
});
