import { Link, useRouteLoaderData } from 'react-router';
import { filterDeclaration, type SlugFilterName } from '../../../contract/catalogue-filters.ts';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';

/** One of a slug filter's rows as the root loader offers it on every page (web/root.tsx `choices`). */
interface Choice {
  slug: string;
  name: string;
}

/**
 * A script's values of a slug filter whose rows every page has (the script types:
 * docs/decisions/0063-script-types.md) as chips linking to each value's own page (its declaration's
 * `page`), named in the page's reading; a value the page has no row for (deleted a moment ago) shows none.
 */
export function FilterChips({ name, values, label, className }: { name: SlugFilterName; values: readonly string[]; label: string; className?: string }) {
  const { path } = useI18n();
  const rows = useRouteLoaderData<{ choices?: Partial<Record<SlugFilterName, Choice[]>> }>('root')?.choices?.[name] ?? [];
  const page = filterDeclaration(name).page;
  const chips = values.flatMap((slug) => rows.filter((row) => row.slug === slug));
  if (chips.length === 0 || page === undefined) return null;
  return (
    <ul aria-label={label} className={cn('relative z-10 flex flex-wrap gap-1.5', className)}>
      {chips.map((chip) => (
        <li key={chip.slug}>
          <Link
            to={path(page.replace('{slug}', chip.slug))}
            data-value={chip.slug}
            className="inline-block rounded-full border border-violet-400/40 bg-violet-500/10 px-2 py-0.5 text-xs text-violet-200 hover:bg-violet-500/20"
          >
            {chip.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
