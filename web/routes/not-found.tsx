import { data, Link } from 'react-router';
import { pageTitle } from '../lib/settings.ts';
import type { Route } from './+types/not-found';
import { common } from '../messages/common.ts';

/** Any unknown public path: the not-found page with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(common.notFound.title, matches) }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-violet-400">404</p>
      <h1 className="mt-4 text-2xl font-bold">{common.notFound.title}</h1>
      <p className="mt-2 text-slate-300">{common.notFound.text}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-violet-600 px-5 py-2.5 font-semibold hover:bg-violet-500">
        {common.notFound.home}
      </Link>
    </main>
  );
}
