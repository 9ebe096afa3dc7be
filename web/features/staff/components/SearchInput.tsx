import { Search } from 'lucide-react';
import type { Ref } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../contract/index.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import type { ListParamsState } from '../lib/hooks.ts';

/**
 * A list's search box: the text goes to the server after a pause (useListParams), or at once on Enter.
 * The placeholder shrinks below 768 px, so a long one still fits a phone and the narrow column beside
 * the sidebar from 640 px.
 */
export function SearchInput({ id, list, placeholder, label, busy, ref }: { id: string; list: ListParamsState; placeholder: string; label: string; busy?: boolean; ref?: Ref<HTMLInputElement> }) {
  return (
    <form
      role="search"
      className="relative w-full sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        list.submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={ref}
        id={id}
        type="search"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        className="h-10 w-full rounded-lg border border-white/15 bg-white/5 pl-9 pr-8 text-sm text-slate-100 placeholder:text-xs placeholder:text-slate-400 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40 md:placeholder:text-sm"
      />
      {busy ? <Spinner className="absolute right-3 top-1/2 -translate-y-1/2 text-slate-400" /> : null}
    </form>
  );
}
