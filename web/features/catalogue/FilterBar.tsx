import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { DEFAULT_SORT, SORT_PARAM } from '../../../contract/catalogue-params.ts';
import { FORM_FILTERS, type SlugFilterName } from '../../../contract/catalogue-filters.ts';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useI18n } from '../../i18n/messages.ts';
import { specPath } from '../../i18n/reading.ts';
import type { PageMessages } from '../../i18n/catalogue.ts';
import { activeFilterCount, type ListFilters, listSearch, SORTS } from './filters.ts';

type FilterTexts = PageMessages['catalogue']['filters'];

/** The form's id: the no-JavaScript trigger on narrow screens links to it and `:target` shows it. */
export const FILTERS_ID = 'catalogue-filters';

export interface FilterBarProps {
  /** The list page the form submits to (`/scripts`, `/games/{slug}`), in the page's reading whether given prefixed or not. */
  action: string;
  q: string;
  filters: ListFilters;
  /**
   * The rows each slug filter offers (the games; the executors, working first), by filter name: a
   * filter left out has no select (a game's own page offers no game), unless the root loader offers
   * its rows on every page (`choices` of web/root.tsx: the script types); given as undefined, none.
   */
  choices: Partial<Record<SlugFilterName, Choice[]>>;
}

/** One option of a select: the value it puts in the URL and its text. */
interface Choice {
  slug: string;
  name: string;
}

/** The form's controls in its order (contract/catalogue-filters.ts): the selects, then the checkboxes, each one's label a message of `catalogue.filters`. */
type FormFilter = (typeof FORM_FILTERS)[number];
const SELECTS = FORM_FILTERS.flatMap((filter) => (filter.kind === 'flag' ? [] : [filter]));
const CHECKBOXES = FORM_FILTERS.flatMap((filter) => (filter.kind === 'flag' ? [filter] : []));

// The styles are app.css classes (filter-*): class strings would be first-load JavaScript.

/**
 * The catalogue's filters and sort as a plain GET form (docs/product.md#catalogue-filters): without
 * JavaScript it submits itself to `action`; with it, a change navigates at once (wide screens) and the
 * URL stays clean. On narrow screens the form is a sheet: a modal dialog opened by the Filters button
 * (without JavaScript, a link to the form, which `:target` shows).
 */
export function FilterBar({ action: givenAction, q, filters, choices }: FilterBarProps) {
  const { m, t: format, path } = useI18n();
  const t = m.catalogue.filters;
  const action = path(specPath(givenAction));
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const current = listSearch(q, filters);
  useInputsFollowUrl(form, filters, current);
  const { sheetOpen, setSheetOpen, close } = useFilterSheet(form, trigger);

  /** Navigates to what the form says, as a plain submit would, without blank or default values. */
  const go = () => {
    const params = new URLSearchParams(new FormData(form.current ?? undefined) as unknown as string[][]);
    for (const [name, value] of [...params]) if (!value || (name === SORT_PARAM && value === DEFAULT_SORT)) params.delete(name);
    const search = params.toString() ? `?${params}` : '';
    if (search !== current) void navigate(action + search, { preventScrollReset: true });
  };

  const count = activeFilterCount(filters);

  return (
    <div className="mt-6">
      {/* A link to the form, which `:target` unfolds without JavaScript; with it, the sheet opens. */}
      <a
        ref={trigger}
        href={`#${FILTERS_ID}`}
        className={buttonClasses({ variant: 'secondary', className: 'md:hidden' })}
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        onClick={(event) => {
          event.preventDefault();
          setSheetOpen(true);
        }}
      >
        {count > 0 ? format(t.openCount, { count: String(count) }) : t.open}
      </a>
      <form
        ref={form}
        id={FILTERS_ID}
        method="get"
        action={action}
        // In the sheet, choices wait for Show scripts; inline, each one applies at once.
        onChange={() => sheetOpen || go()}
        onSubmit={(event) => {
          event.preventDefault();
          close();
          go();
        }}
        role={sheetOpen ? 'dialog' : 'search'}
        aria-modal={sheetOpen || undefined}
        aria-label={t.label}
        className="filter-form"
        data-sheet={sheetOpen ? '' : undefined}
      >
        <FilterBarFields q={q} filters={filters} choices={choices} onClose={close} />
      </form>
    </div>
  );
}

/** Whether the narrow screens' sheet is open; while it is, the focus stays in the form. */
function useFilterSheet(form: RefObject<HTMLFormElement | null>, trigger: RefObject<HTMLAnchorElement | null>) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const close = useCallback(() => setSheetOpen(false), []);
  useEffect(() => {
    if (!sheetOpen) return;
    // The focus trap loads when a sheet first opens; until then (or offline) the sheet still works.
    let release: (() => void) | undefined;
    let open = true;
    void import('../../components/ui/modal-focus.ts').then(({ trapFocus }) => {
      if (open && form.current) release = trapFocus(form.current, close, trigger.current, '(min-width: 768px)');
    });
    return () => {
      open = false;
      release?.();
    };
  }, [sheetOpen, close, form, trigger]);
  return { sheetOpen, setSheetOpen, close };
}

/**
 * The inputs are the browser's own (a plain form's); when the URL changes (Back, a link, a search),
 * they show its choices again.
 */
function useInputsFollowUrl(form: RefObject<HTMLFormElement | null>, filters: ListFilters, current: string) {
  useEffect(() => {
    for (const input of form.current?.querySelectorAll('input[type=checkbox]') ?? []) {
      const box = input as HTMLInputElement;
      box.checked = String(filters[box.name as keyof ListFilters]) === box.value;
    }
    for (const select of form.current?.querySelectorAll('select') ?? []) {
      select.value = String(filters[select.name as keyof ListFilters] ?? select.options[0]?.value);
    }
    // Keyed by `current` (the choices as text): a new object with the same choices is no change.
  }, [current]);
}

/** The form's contents: the sheet's close button, the search kept, the selects, the checkboxes, the sort and the submit button. */
function FilterBarFields({ q, filters, choices: given, onClose }: Omit<FilterBarProps, 'action'> & { onClose: () => void }) {
  const t = useI18n().m.catalogue.filters;
  const choices = { ...useRouteLoaderData<{ choices?: FilterBarProps['choices'] }>('root')?.choices, ...given };
  return (
    <>
      {/* Shown in the sheet only (app.css). */}
      <button type="button" onClick={onClose} aria-label={t.close} className="filter-close">
        ×
      </button>
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {SELECTS.map((filter) => {
        const options = selectChoices(filter, choices, t);
        return options ? <FilterBarSelect key={filter.name} name={filter.name} label={t[filter.label]} all={t[filter.allLabel]} selected={filters[filter.name]} choices={options} /> : null;
      })}
      <FilterBarToggles filters={filters} texts={t} />
      <label className="filter-label md:ml-auto">
        {t.sort}
        <select name="sort" className="filter-control" defaultValue={filters.sort ?? 'newest'}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
      {/* Sends the form without JavaScript; with it, inline choices apply at once and app.css hides it
          but in the sheet, where it reads Show scripts. */}
      <button type="submit" className={buttonClasses({ className: 'filter-apply' })}>
        <span>{t.apply}</span>
        <span>{t.showResults}</span>
      </button>
    </>
  );
}

/** A select's options: a choice filter's fixed values named by the messages, a slug filter's rows as given (none: no select). */
function selectChoices(filter: Exclude<FormFilter, { kind: 'flag' }>, choices: FilterBarProps['choices'], texts: FilterTexts): Choice[] | undefined {
  if (filter.kind === 'choice') return filter.choices.map((value) => ({ slug: value, name: texts[filter.choiceLabels][value] }));
  return choices[filter.name];
}

/** One choice of the filter as a select, its blank "All …" first (a blank value is no filter). */
function FilterBarSelect(props: { name: string; label: string; all: string; selected: string | undefined; choices: { slug: string; name: string }[] }) {
  return (
    <label className="filter-label">
      {props.label}
      <select name={props.name} className="filter-control" defaultValue={props.selected ?? ''}>
        <option value="">{props.all}</option>
        {props.choices.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The flags' checkboxes, each putting its `formValue` in the URL when checked (docs/product.md#catalogue-filters) and checked when the URL holds it. */
function FilterBarToggles({ filters, texts }: { filters: ListFilters; texts: FilterTexts }) {
  return (
    <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap">
      {CHECKBOXES.map((flag) => (
        <label key={flag.name} className="filter-chip">
          <input type="checkbox" name={flag.name} value={String(flag.formValue)} defaultChecked={filters[flag.name] === flag.formValue} className="h-4 w-4 accent-violet-500" />
          {texts[flag.label]}
        </label>
      ))}
    </div>
  );
}
