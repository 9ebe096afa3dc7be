import { type ComponentType, useEffect, useState } from 'react';
import { FavouritesStatus } from '../features/favourites/FavouritesStatus.tsx';
import { siteReadingLinks } from '../features/games/meta.ts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { pageTitle, useSettings } from '../lib/settings.ts';
import type { Route } from './+types/favourites';

/** Kept out of search engines (and the sitemap): it shows only what this browser keeps. */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = metaI18n(matches);
  return [
    { title: pageTitle(i18n?.m.favourites.title ?? '', matches) },
    { name: 'robots', content: 'noindex' },
    ...(i18n ? siteReadingLinks(matches, '/favourites', i18n.reading) : []),
  ];
}

type List = ComponentType<{ timeZone: string }>;

/**
 * /favourites (docs/product.md#favourites): the same HTML for everyone, then the list, read in the
 * browser. The list's code (with the catalogue's cards) is loaded here, never with the route's module, so
 * no other page's chunks change for it (docs/decisions/0043-favourites-without-an-account.md).
 */
export default function Favourites() {
  const { timeZone } = useSettings();
  const t = useI18n().m.favourites;
  const [list, setList] = useState<{ List: List } | 'failed'>();
  useEffect(() => {
    import('../features/favourites/FavouritesList.tsx').then(
      (module) => setList({ List: module.FavouritesList }),
      () => setList('failed'),
    );
  }, []);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{t.title}</h1>
      <p className="mt-2 text-slate-300">{t.intro}</p>
      {list === undefined || list === 'failed' ? <FavouritesStatus kind={list ? 'failed' : 'loading'} /> : <list.List timeZone={timeZone} />}
    </main>
  );
}
