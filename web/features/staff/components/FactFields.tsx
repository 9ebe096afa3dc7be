import type { FieldErrors } from '../lib/form.ts';
import { SCRIPT_FIELD_IDS, type ScriptField, type ScriptFormValues } from '../lib/script-form.ts';
import { usePanel } from '../panel.tsx';
import { CheckboxField } from './CheckboxField.tsx';
import { TextField } from './Field.tsx';
import { GameCombobox } from './GameCombobox.tsx';

interface FactFieldsProps {
  values: ScriptFormValues;
  errors: FieldErrors<ScriptField>;
  disabled: boolean;
  set: <K extends ScriptField>(key: K, value: ScriptFormValues[K]) => void;
}

/**
 * The script form's listing facts: Game (type-ahead, or a new name), Universal (which clears and
 * disables Game: a universal script has no game), Key system with its Key link shown only when on,
 * Patched, and Verified where the panel has it (the admin's).
 */
export function FactFields({ values, errors, disabled, set }: FactFieldsProps) {
  const { texts } = usePanel();
  const t = texts.form.facts;
  const ids = SCRIPT_FIELD_IDS;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-inset ring-white/10">
      <legend className="px-1 text-sm font-semibold text-slate-200">{t.legend}</legend>
      <GameCombobox id={ids.game} value={values.game} onChange={(game) => set('game', game)} error={errors.game} disabled={disabled || values.universal} texts={t} />
      <CheckboxField
        id={ids.universal}
        label={t.universal}
        hint={t.universalHint}
        checked={values.universal}
        disabled={disabled}
        onCheckedChange={(universal) => {
          set('universal', universal);
          if (universal) set('game', '');
        }}
      />
      <CheckboxField id={ids.keySystem} label={t.keySystem} hint={t.keySystemHint} checked={values.keySystem} disabled={disabled} onCheckedChange={(on) => set('keySystem', on)} />
      {values.keySystem ? (
        <TextField
          id={ids.keyLink}
          name="keyLink"
          type="url"
          inputMode="url"
          label={t.keyLink}
          hint={t.keyLinkHint}
          placeholder="https://"
          readOnly={disabled}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          value={values.keyLink}
          onChange={(event) => set('keyLink', event.target.value)}
          error={errors.keyLink}
        />
      ) : null}
      <CheckboxField id={ids.patched} label={t.patched} hint={t.patchedHint} checked={values.patched} disabled={disabled} onCheckedChange={(on) => set('patched', on)} />
      {t.verified ? (
        <CheckboxField id={ids.verified} label={t.verified} hint={t.verifiedHint} checked={values.verified} disabled={disabled} onCheckedChange={(on) => set('verified', on)} />
      ) : null}
    </fieldset>
  );
}
