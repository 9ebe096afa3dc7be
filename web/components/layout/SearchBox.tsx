import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/messages.ts';

/**
 * The header search (docs/product.md#header-search): its text follows the address's q; submitting trimmed,
 * non-blank text goes to /scripts?q=..., blank text to /scripts.
 */
export function SearchBox({ id, onSubmitted }: { id: string; onSubmitted?: () => void }) {
  const [params] = useSearchParams();
  const current = params.get('q') ?? '';
  const [text, setText] = useState(current);
  const navigate = useNavigate();
  const { m, path } = useI18n();

  useEffect(() => setText(current), [current]);

  return (
    <form
      role="search"
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        navigate(path(q ? `/scripts?q=${encodeURIComponent(q)}` : '/scripts'));
        onSubmitted?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {m.common.nav.searchLabel}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={m.common.nav.searchPlaceholder}
        autoComplete="off"
        maxLength={200}
        className="w-full rounded-lg border border-white/10 bg-white/5 py-2 pl-9 pr-3 text-sm text-slate-100 placeholder:text-slate-400 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
      />
    </form>
  );
}
