import { Link } from 'react-router';
import { useI18n } from '../../i18n/messages.ts';
import { typePath } from './links.ts';
import type { TypeChoice } from './names.ts';

/** /types' list: every type, linking to its page, in the list's order. */
export function TypeList({ types }: { types: readonly TypeChoice[] }) {
  const { m, path } = useI18n();
  if (types.length === 0) return <p className="mt-8 text-slate-300">{m.typeList.empty}</p>;
  return (
    <ul aria-label={m.typeList.listLabel} className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {types.map((type) => (
        <li key={type.slug}>
          <Link
            to={path(typePath(type.slug))}
            data-type={type.slug}
            className="block rounded-xl border border-white/10 bg-white/5 px-4 py-3 font-semibold text-white hover:border-violet-400/50 hover:bg-white/10"
          >
            {type.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A type's page heading, its intro and how many scripts it has. */
export function TypeHeader({ type }: { type: TypeChoice & { scripts: number } }) {
  const { m, t } = useI18n();
  return (
    <header className="mt-4">
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{t(m.typePage.heading, { name: type.name })}</h1>
      <p className="mt-2 max-w-2xl text-slate-300">{t(m.typePage.intro, { name: type.name })}</p>
      <p data-testid="type-count" className="mt-2 text-sm text-slate-400">
        {t(m.typePage.scriptCount, { n: type.scripts })}
      </p>
    </header>
  );
}

/** A type no visible script has yet. */
export function NoTypeScripts({ name }: { name: string }) {
  const { m, t } = useI18n();
  return (
    <div className="mx-auto mt-12 max-w-md rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-white">{t(m.typePage.noScripts, { name })}</h2>
      <p className="mt-2 text-sm text-slate-300">{m.typePage.noScriptsHint}</p>
    </div>
  );
}
