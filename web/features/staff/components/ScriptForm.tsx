import { useReportBusy } from '../lib/hooks.ts';
import { type FormEvent, useDeferredValue, useMemo, useState } from 'react';
import { analyseLoader } from '../../../../contract/loader-analysis.ts';
import { type FindingTexts, LoaderFindings } from '../../../components/ui/LoaderFindings.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { errorText, isSessionError } from '../api/client.ts';
import { useSaveScript } from '../api/scripts.ts';
import { type FieldErrors, focusFirstError, serverFieldErrors, useFieldState, zodFieldErrors } from '../lib/form.ts';
import { type EditedScript, initialValues, SCRIPT_FIELD_IDS, SCRIPT_FIELDS, type ScriptField, checkScriptForm, toFormData } from '../lib/script-form.ts';
import { usePanel } from '../panel.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { ExecutorsField } from './ExecutorsField.tsx';
import { TypesField } from './TypesField.tsx';
import { FactFields } from './FactFields.tsx';
import { TextAreaField, TextField } from './Field.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ImageField } from './ImageField.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { UploadProgress } from './UploadProgress.tsx';

export type ScriptDialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; script: EditedScript };

/** The create / edit dialog of both panels. */
export function ScriptFormDialog({ state, onClose, onSaved }: { state: ScriptDialogState; onClose: () => void; onSaved: (kind: 'create' | 'edit') => void }) {
  const { texts } = usePanel();
  const script = state.kind === 'edit' ? state.script : undefined;
  return (
    <FormDialog
      open={state.kind !== 'closed'}
      onClose={onClose}
      title={script && texts.edit ? texts.edit.title : texts.form.createTitle}
      description={script ? undefined : texts.form.intro}
      closeLabel={texts.common.close}
    >
      {(setBusy) => (
        <ScriptForm
          script={script}
          onBusyChange={setBusy}
          onCancel={onClose}
          onSaved={() => {
            onClose();
            onSaved(script ? 'edit' : 'create');
          }}
        />
      )}
    </FormDialog>
  );
}

/**
 * The submission of the script form, validated with scriptFormSchema (the contract's rules) in the
 * panel's words. Every text field is required on edit too: a blank one is an error, not "keep". A
 * failure shows once: beside its field when the server names one, else above the buttons.
 */
function useScriptSubmit(script: EditedScript | undefined, onSaved: () => void) {
  const { role, texts } = usePanel();
  const t = texts.form;
  const fields = useFieldState(() => initialValues(script));
  const { values, errors, setErrors } = fields;
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const save = useSaveScript(role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const parsed = checkScriptForm(values);
    // The image was checked when chosen; its error stays until another file is picked.
    const found: FieldErrors<ScriptField> = { ...(parsed.success ? {} : zodFieldErrors(parsed.error, texts.word)), image: errors.image };
    setErrors(found);
    if (focusFirstError(found, SCRIPT_FIELDS, SCRIPT_FIELD_IDS)) return;
    setProgress(0);
    save.mutate(
      { id: script?.id, form: toFormData(values, script), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(script && texts.edit ? texts.edit.updated : t.created);
          onSaved();
        },
        onError: (error) => {
          if (isSessionError(error, role)) return;
          const fromServer = serverFieldErrors(error, SCRIPT_FIELDS, { 'channels[]': 'channels', 'executors[]': 'executors', 'types[]': 'types' });
          setErrors(fromServer);
          if (!focusFirstError(fromServer, SCRIPT_FIELDS, SCRIPT_FIELD_IDS)) setFormError(errorText(error, t.failed, texts.common.timedOut));
          toast.error(t.failed);
        },
      },
    );
  };
  return { ...fields, submit, saving: save.isPending, progress, formError };
}

/** The script form's fields, picker, progress and buttons. */
function ScriptForm({ script, onBusyChange, onCancel, onSaved }: { script?: EditedScript; onBusyChange: (busy: boolean) => void; onCancel: () => void; onSaved: () => void }) {
  const { texts } = usePanel();
  const t = texts.form;
  const edit = script ? texts.edit : undefined;
  const { values, set, errors, setErrors, submit, saving, progress, formError } = useScriptSubmit(script, onSaved);

  useReportBusy(saving, onBusyChange);

  const common = { required: true, readOnly: saving, autoComplete: 'off' } as const;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={saving || undefined}>
      <TextField {...common} id={SCRIPT_FIELD_IDS.playsname} name="playsname" label={t.playsname} value={values.playsname} onChange={(event) => set('playsname', event.target.value)} error={errors.playsname} autoFocus />
      <TextAreaField {...common} id={SCRIPT_FIELD_IDS.description} name="description" label={t.description} rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} error={errors.description} />
      <TextAreaField
        {...common}
        id={SCRIPT_FIELD_IDS.loadstring}
        name="loadstring"
        label={t.loadstring}
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
        className="font-mono text-xs"
        value={values.loadstring}
        onChange={(event) => set('loadstring', event.target.value)}
        error={errors.loadstring}
      />
      <LiveFindings loadstring={values.loadstring} texts={texts.form.analysis} />
      <FactFields values={values} errors={errors} disabled={saving} set={set} />
      <ExecutorsField id={SCRIPT_FIELD_IDS.executors} value={values.executors} onChange={(slugs) => set('executors', slugs)} error={errors.executors} disabled={saving} />
      <TypesField id={SCRIPT_FIELD_IDS.types} value={values.types} onChange={(slugs) => set('types', slugs)} error={errors.types} disabled={saving} />
      <TextField
        id={SCRIPT_FIELD_IDS.channels}
        name="channels"
        label={t.channels}
        hint={t.channelsHint}
        placeholder={t.channelsPlaceholder}
        readOnly={saving}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        value={values.channels}
        onChange={(event) => set('channels', event.target.value)}
        error={errors.channels}
      />
      <ImageField
        label={edit ? edit.imageKeep : t.image}
        hint={t.imageHint}
        error={errors.image}
        disabled={saving}
        texts={t}
        onChange={(file) => set('image', file)}
        onError={(message) => setErrors((previous) => ({ ...previous, image: message }))}
      />
      {script && edit ? (
        <figure className="flex flex-col gap-1">
          <Thumbnail src={script.imageCard ?? script.image} className="w-40" />
          <figcaption className="text-xs text-slate-400">{script.image ? edit.currentImage : edit.noImage}</figcaption>
        </figure>
      ) : null}
      {formError ? <ErrorBanner message={formError} /> : null}
      {saving ? <UploadProgress fraction={progress} label={t.progressLabel} text={(percent) => (percent < 100 ? t.uploading(percent) : t.saving)} /> : null}
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {texts.common.cancel}
        </Button>
        {/* aria-disabled rather than disabled: the button keeps focus through the submission. */}
        <Button type="submit" loading={saving} aria-disabled={saving || undefined}>
          {edit ? edit.save : t.create}
        </Button>
      </div>
    </form>
  );
}

/** The loader's analysis as it is typed: the same code the server runs on save, a keystroke behind. */
function LiveFindings({ loadstring, texts }: { loadstring: string; texts: FindingTexts }) {
  const typed = useDeferredValue(loadstring);
  const analysis = useMemo(() => analyseLoader(typed), [typed]);
  if (typed.trim() === '') return null;
  return <LoaderFindings id={SCRIPT_FIELD_IDS.loadstring + '-analysis'} analysis={analysis} texts={texts} className="rounded-lg border border-slate-700 p-3" />;
}
