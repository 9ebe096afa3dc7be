import { Link } from 'react-router';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';
import { typePath } from './links.ts';
import { useScriptTypes } from './names.ts';

/**
 * A script's types as chips linking to their pages (docs/decisions/NEW-script-types.md), named in the
 * page's reading; a slug the page has no name for (a type deleted a moment ago) shows no chip.
 */
export function TypeChips({ types, className }: { types: readonly string[]; className?: string }) {
  const { m, path } = useI18n();
  const known = useScriptTypes();
  const chips = types.flatMap((slug) => known.filter((type) => type.slug === slug));
  if (chips.length === 0) return null;
  return (
    <ul aria-label={m.typeChips.label} className={cn('type-chips relative z-10 flex flex-wrap gap-1.5', className)}>
      {chips.map((type) => (
        <li key={type.slug}>
          <Link
            to={path(typePath(type.slug))}
            data-type={type.slug}
            className="inline-block rounded-full border border-violet-400/40 bg-violet-500/10 px-2 py-0.5 text-xs text-violet-200 hover:bg-violet-500/20"
          >
            {type.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
