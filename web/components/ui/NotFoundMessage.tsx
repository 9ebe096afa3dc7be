import { Link } from 'react-router';

/** The public pages' "404" block: the code, a title, a sentence and one way back. */
export function NotFoundMessage({ title, text, to, back }: { title: string; text: string; to: string; back: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-violet-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-white">{title}</h1>
      <p className="mt-2 text-slate-300">{text}</p>
      <Link to={to} className="mt-8 inline-block rounded-lg bg-violet-600 px-5 py-2.5 font-semibold hover:bg-violet-500">
        {back}
      </Link>
    </main>
  );
}
