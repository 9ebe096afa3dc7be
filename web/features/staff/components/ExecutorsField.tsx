import { Button } from '../../../components/ui/Button.tsx';
import { executorChoices, useExecutors } from '../api/executors.ts';
import { executorSet } from '../lib/script-form.ts';
import { usePanel } from '../panel.tsx';
import { CheckboxField } from './CheckboxField.tsx';

interface ExecutorsFieldProps {
  /** The group's id: focused when the field has the form's first error. */
  id: string;
  /** The chosen slugs. */
  value: readonly string[];
  onChange: (slugs: string[]) => void;
  error?: string | undefined;
  disabled: boolean;
}

/**
 * The script form's "Tested with" (issue 27): a group of checkboxes, one per executor of
 * GET /api/executors (working ones first), the ones that cannot be used named with their status.
 * Native checkboxes in a fieldset: labelled, and Tab and Space are all the keyboard needs.
 */
export function ExecutorsField({ id, value, onChange, error, disabled }: ExecutorsFieldProps) {
  const { texts } = usePanel();
  const t = texts.form.executors;
  const executors = useExecutors();
  const choices = executorChoices(executors.data ?? [], value);
  const toggle = (slug: string, on: boolean) => onChange(executorSet(on ? [...value, slug] : value.filter((chosen) => chosen !== slug)));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={describedBy} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-inset ring-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400">
      <legend className="px-1 text-sm font-semibold text-slate-200">{t.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {t.hint}
      </p>
      {executors.isPending ? (
        <p role="status" className="text-sm text-slate-400">
          {t.loading}
        </p>
      ) : null}
      {/* Not an alert: an optional field's list, which the form can be sent without. */}
      {executors.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-300">
          {t.failed}
          <Button variant="secondary" size="sm" onClick={() => void executors.refetch()}>
            {texts.common.retry}
          </Button>
        </div>
      ) : null}
      {executors.isSuccess && choices.length === 0 ? <p className="text-sm text-slate-400">{t.none}</p> : null}
      {choices.length > 0 ? (
        <ul className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.slug}>
              <CheckboxField
                id={`${id}-${choice.slug}`}
                name="executors[]"
                value={choice.slug}
                label={choice.status === null || choice.status === 'working' ? choice.name : `${choice.name} (${t.status[choice.status]})`}
                checked={value.includes(choice.slug)}
                disabled={disabled}
                onCheckedChange={(on) => toggle(choice.slug, on)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
