import { SCRIPT_TYPE_LIMITS } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { scriptTypeChoices, useScriptTypeList } from '../api/script-types.ts';
import { usePanel, useStaffMessages } from '../panel.tsx';
import { CheckboxField } from './CheckboxField.tsx';

interface TypesFieldProps {
  /** The group's id: focused when the field has the form's first error. */
  id: string;
  /** The chosen slugs, in the order chosen. */
  value: readonly string[];
  onChange: (slugs: string[]) => void;
  error?: string | undefined;
  disabled: boolean;
}

/**
 * The script form's types (docs/decisions/0063-script-types.md): one checkbox per type of GET /api/types,
 * at most five chosen (the others disabled then), kept in the order chosen.
 */
export function TypesField({ id, value, onChange, error, disabled }: TypesFieldProps) {
  const t = useStaffMessages(usePanel().role).scriptTypes;
  const { texts } = usePanel();
  const types = useScriptTypeList();
  const choices = scriptTypeChoices(types.data ?? [], value);
  const full = value.length >= SCRIPT_TYPE_LIMITS.perScript;
  const toggle = (slug: string, on: boolean) => onChange(on ? [...value.filter((chosen) => chosen !== slug), slug] : value.filter((chosen) => chosen !== slug));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={describedBy} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-inset ring-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400">
      <legend className="px-1 text-sm font-semibold text-slate-200">{t.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {full ? t.full : t.hint}
      </p>
      {types.isPending ? (
        <p role="status" className="text-sm text-slate-400">
          {t.loading}
        </p>
      ) : null}
      {types.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-300">
          {t.failed}
          <Button variant="secondary" size="sm" onClick={() => void types.refetch()}>
            {texts.common.retry}
          </Button>
        </div>
      ) : null}
      {types.isSuccess && choices.length === 0 ? <p className="text-sm text-slate-400">{t.none}</p> : null}
      {choices.length > 0 ? (
        <ul className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.slug}>
              <CheckboxField
                id={`${id}-${choice.slug}`}
                name="types[]"
                value={choice.slug}
                label={choice.name}
                checked={value.includes(choice.slug)}
                disabled={disabled || (full && !value.includes(choice.slug))}
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
