import { FavouritesList } from '../features/favourites/FavouritesList.tsx';
import { pageTitle, useSettings } from '../lib/settings.ts';
import { favourites as t } from '../messages/favourites.ts';
import type { Route } from './+types/favourites';

/** Kept out of search engines and the sitemap: it shows only what this browser keeps. */
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, matches) }, { name: 'robots', content: 'noindex' }];
}

/** /favourites (docs/product.md#favourites): the starred scripts, read in the browser. */
export default function Favourites() {
  const { timeZone } = useSettings();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-white">{t.title}</h1>
      <p className="mt-2 text-slate-400">{t.intro}</p>
      <FavouritesList timeZone={timeZone} />
    </main>
  );
}
