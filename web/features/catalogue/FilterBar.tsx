import { SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SCRIPT_SORTS } from '../../../contract/scripts.ts';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useModalFocus } from '../../components/ui/modal-focus.ts';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { activeFilterCount, isSort, type ListFilters, listSearch } from './filters.ts';
import { catalogue } from '../../messages/catalogue.ts';

const t = catalogue.filters;

/** The form's id: the no-JavaScript trigger on narrow screens links to it and `:target` shows it. */
export const FILTERS_ID = 'catalogue-filters';

export interface FilterBarProps {
  /** The list page the form submits to (`/scripts`, `/games/{slug}`). */
  action: string;
  q: string;
  filters: ListFilters;
  /** The games to choose from; left out on a game's own page. */
  games?: { slug: string; name: string }[];
}

type Flag = 'key' | 'universal' | 'verified' | 'patched';
/** Each checkbox and the value it puts in the URL when checked (docs/product.md#catalogue-filters). */
const FLAGS: { name: Flag; value: boolean; label: string }[] = [
  { name: 'key', value: false, label: t.noKey },
  { name: 'universal', value: true, label: t.universal },
  { name: 'verified', value: true, label: t.verified },
  { name: 'patched', value: false, label: t.working },
];

const control =
  'h-10 w-full rounded-lg bg-white/5 px-3 text-sm text-slate-100 ring-1 ring-inset ring-white/15 hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 md:w-auto';
const chip =
  'flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-white/5 px-3 text-sm text-slate-200 ring-1 ring-inset ring-white/15 hover:bg-white/10 has-[:checked]:bg-violet-500/20 has-[:checked]:text-white has-[:checked]:ring-violet-400/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-300';

/**
 * The catalogue's filters and sort as a plain GET form (docs/product.md#catalogue-filters): without
 * JavaScript it submits itself to `action`; with it, a change navigates at once (wide screens) and the
 * URL stays clean. On narrow screens the form is a sheet: a modal dialog opened by the Filters button
 * (without JavaScript, a link to the form, which `:target` shows).
 */
export function FilterBar({ action, q, filters, games }: FilterBarProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ListFilters>(filters);
  const [sheetOpen, setSheetOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const current = listSearch(q, filters);

  // A navigation (Back, a link, a submitted search) brings the URL's choices back into the form.
  // Keyed by `current` (the choices as text): a new object with the same choices is no change.
  useEffect(() => setDraft(filters), [current]);

  const close = useCallback(() => setSheetOpen(false), []);
  useModalFocus(form, sheetOpen, close, trigger);
  useEffect(() => {
    if (!sheetOpen) return;
    // Grown to the wide layout, the form is inline again: no dialog left to close.
    const wide = window.matchMedia('(min-width: 768px)');
    const onChange = () => wide.matches && close();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [sheetOpen, close]);

  const go = (next: ListFilters) => {
    const search = listSearch(q, next);
    if (search !== current) void navigate(`${action}${search}`, { preventScrollReset: true });
  };
  const change = (next: ListFilters) => {
    setDraft(next);
    // In the sheet, choices wait for Show scripts; inline, each one applies at once.
    if (!sheetOpen) go(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSheetOpen(false);
    go(draft);
  };

  const count = activeFilterCount(filters);
  const openLabel = count > 0 ? t.openCount(count) : t.open;
  const triggerClass = buttonClasses({ variant: 'secondary', className: 'md:hidden' });

  return (
    <div className="mt-6">
      {hydrated ? (
        <button ref={trigger} type="button" className={triggerClass} aria-haspopup="dialog" aria-expanded={sheetOpen} aria-controls={FILTERS_ID} onClick={() => setSheetOpen(true)}>
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          {openLabel}
        </button>
      ) : (
        <a href={`#${FILTERS_ID}`} className={triggerClass}>
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          {openLabel}
        </a>
      )}
      {sheetOpen ? <div aria-hidden className="fixed inset-0 z-40 bg-black/70 md:hidden" onClick={close} data-testid="filters-backdrop" /> : null}
      <form
        ref={form}
        id={FILTERS_ID}
        method="get"
        action={action}
        onSubmit={submit}
        role={sheetOpen ? 'dialog' : 'search'}
        aria-modal={sheetOpen || undefined}
        aria-labelledby={sheetOpen ? titleId : undefined}
        aria-label={sheetOpen ? undefined : catalogue.filters.label}
        className={cn(
          'flex-col gap-3 md:flex md:flex-row md:flex-wrap md:items-center',
          // Hidden on a phone until opened: as the sheet with JavaScript, by its link's #target without.
          sheetOpen
            ? 'fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] overflow-y-auto rounded-t-2xl bg-panel p-5 pb-8 shadow-2xl ring-1 ring-white/15 md:static md:max-h-none md:rounded-none md:bg-transparent md:p-0 md:shadow-none md:ring-0'
            : 'hidden target:mt-3 target:flex',
        )}
      >
        {sheetOpen ? (
          <div className="flex items-center justify-between md:hidden">
            <h2 id={titleId} className="text-lg font-semibold text-white">
              {t.label}
            </h2>
            <button type="button" onClick={close} aria-label={t.close} className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
              <X aria-hidden className="h-5 w-5" />
            </button>
          </div>
        ) : null}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        {games ? (
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-400 md:flex-row md:items-center md:gap-2">
            {t.game}
            <select name="game" className={control} value={draft.game ?? ''} onChange={(event) => change({ ...draft, game: event.target.value || undefined })}>
              <option value="">{t.allGames}</option>
              {games.map((game) => (
                <option key={game.slug} value={game.slug}>
                  {game.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap">
          {FLAGS.map((flag) => (
            <label key={flag.name} className={chip}>
              <input
                type="checkbox"
                name={flag.name}
                value={String(flag.value)}
                checked={draft[flag.name] === flag.value}
                onChange={(event) => change({ ...draft, [flag.name]: event.target.checked ? flag.value : undefined })}
                className="h-4 w-4 accent-violet-500"
              />
              {flag.label}
            </label>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-400 md:ml-auto md:flex-row md:items-center md:gap-2">
          {t.sort}
          <select
            name="sort"
            className={control}
            value={draft.sort ?? 'newest'}
            onChange={(event) => change({ ...draft, sort: isSort(event.target.value) ? event.target.value : undefined })}
          >
            {SCRIPT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t.sorts[sort]}
              </option>
            ))}
          </select>
        </label>
        {/* Without JavaScript this sends the form; with it, the sheet's Show scripts (inline, choices apply at once). */}
        {!hydrated || sheetOpen ? (
          <button type="submit" className={buttonClasses()}>
            {sheetOpen ? t.showResults : t.apply}
          </button>
        ) : null}
      </form>
    </div>
  );
}
