import { Search } from 'lucide-react';
import { SEARCH_MAX_LENGTH } from '../../../../contract/index.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';

/** A table's search box: the text goes to the server after a pause (see useDebouncedValue). */
export function SearchInput({ id, value, onChange, placeholder, label, busy }: { id: string; value: string; onChange: (value: string) => void; placeholder: string; label: string; busy?: boolean }) {
  return (
    <div role="search" className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        className="w-full rounded-lg border border-white/15 bg-white/5 py-2 pl-9 pr-9 text-sm text-slate-100 placeholder:text-slate-400 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
      />
      {busy ? <Spinner className="absolute right-3 top-1/2 -translate-y-1/2 text-slate-400" /> : null}
    </div>
  );
}
