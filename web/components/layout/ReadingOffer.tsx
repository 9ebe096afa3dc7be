import { LANGUAGES } from '../../../contract/i18n.ts';
import { useI18n } from '../../i18n/messages.ts';
import { useHere } from '../../i18n/here.ts';
import { pathIn } from '../../i18n/reading.ts';

/**
 * On an unprefixed page, the offer to read it in the language the visitor chose before, or in Russian
 * when their browser asks for it (docs/decisions.md#languages). The server sends both offers hidden, the
 * same to everyone, so the page stays one cached copy; the document's inline script
 * (web/i18n/reading-script.ts) shows the one that applies, and a refusal is remembered.
 */
export function ReadingOffer() {
  const { m } = useI18n();
  const here = useHere();
  return (
    <div id="reading-offer" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {LANGUAGES.map((language) => (
        <p
          key={language}
          lang={language}
          data-offer={language}
          hidden
          suppressHydrationWarning
          className="pointer-events-auto flex items-center gap-3 rounded-full bg-panel px-4 py-2 text-sm text-slate-100 shadow-lg ring-1 ring-white/15"
        >
          <a href={pathIn(language, here)} hrefLang={language} data-reading={language} className="font-semibold text-violet-300 underline">
            {m.common.offer[language].read}
          </a>
          <button type="button" data-reading="spec" className="text-slate-300 hover:text-white">
            {m.common.offer[language].dismiss}
          </button>
        </p>
      ))}
    </div>
  );
}
