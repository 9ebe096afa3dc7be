import type { Language } from '../../../../contract/i18n.ts';
import { cn } from '../../../lib/cn.ts';
import type { StaffRole } from '../api/auth-storage.ts';
import { choosePanelLanguage, languageOf, usePanelReading } from '../language.ts';
import { useStaffMessages } from '../panel.tsx';

/**
 * English / Русский (issue 29): the panel's language, kept in this browser (`panelLanguage`). The
 * language shown is pressed, the specification's while nothing is chosen.
 */
export function LanguageSwitch({ role, className }: { role: StaffRole; className?: string }) {
  const t = useStaffMessages(role).language;
  const current = languageOf(role, usePanelReading());
  const option = (language: Language, label: string, lang: string) => (
    <button
      type="button"
      lang={lang}
      aria-pressed={current === language}
      onClick={() => choosePanelLanguage(language)}
      className={cn('rounded-md px-2 py-1 text-xs font-medium', current === language ? 'bg-violet-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white')}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t.label} className={cn('flex w-fit items-center gap-1 rounded-lg ring-1 ring-white/10 p-1', className)}>
      {option('en', t.english, 'en')}
      {option('ru', t.russian, 'ru')}
    </div>
  );
}
