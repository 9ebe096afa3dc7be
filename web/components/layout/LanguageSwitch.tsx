import { LANGUAGES } from '../../../contract/i18n.ts';
import { cn } from '../../lib/cn.ts';
import { useI18n } from '../../i18n/messages.ts';
import { useHere } from '../../i18n/here.ts';
import { pathIn } from '../../i18n/reading.ts';

/**
 * The header's language switch (docs/decisions/0045-languages.md): the same page, filters and query in the
 * other reading. Plain links, so the switch loads the page in its language whole; the document's inline
 * script (web/i18n/reading-script.ts) remembers the choice in a cookie on the click.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { m, reading } = useI18n();
  const here = useHere();
  return (
    <ul aria-label={m.common.language.label} className={cn('flex items-center gap-1', className)}>
      {LANGUAGES.map((language) => (
        <li key={language}>
          <a
            href={pathIn(language, here)}
            hrefLang={language}
            lang={language}
            data-reading={language}
            aria-current={reading === language ? 'page' : undefined}
            className={cn(
              'block rounded-md px-2 py-1 text-sm font-medium',
              reading === language ? 'bg-white/10 text-white' : 'text-slate-300 hover:text-white',
            )}
          >
            {m.common.language[language]}
          </a>
        </li>
      ))}
    </ul>
  );
}
