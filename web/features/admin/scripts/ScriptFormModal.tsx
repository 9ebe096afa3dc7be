import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import type { StaffScript } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { messages } from '../../../messages/staff.ts';
import { Modal } from '../../staff/components/Modal.tsx';
import { Thumbnail } from '../../staff/components/Thumbnail.tsx';
import { ErrorBanner } from '../components/ErrorBanner.tsx';
import { controlClass, describedBy, FieldFrame, TextAreaField, TextField } from '../../staff/components/Field.tsx';
import { UploadProgress } from '../components/UploadProgress.tsx';
import { actionErrorText, type FieldErrors, isSessionError, serverFieldErrors } from '../lib/errors.ts';
import { useSaveScript } from './api.ts';
import { initialValues, SCRIPT_FIELDS, type ScriptField, type ScriptFormMode, type ScriptFormValues, toFormData, validateScriptForm } from './form.ts';

const t = messages.admin.scripts;
const c = messages.admin.common;

export type ScriptModalState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; script: StaffScript };

/**
 * "Create New Script" / "Edit Script" (SPEC.md sections 2 and 4). The form lives inside the dialog's
 * content, which unmounts on close, so closing resets it; while saving, nothing can close it.
 */
export function ScriptFormModal({ state, onClose }: { state: ScriptModalState; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  const open = state.kind !== 'closed';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) onClose();
      }}
      title={state.kind === 'edit' ? t.form.editTitle : t.form.createTitle}
      closeLabel={c.close}
    >
      {open ? <ScriptForm state={state} onSavingChange={setSaving} onDone={onClose} /> : null}
    </Modal>
  );
}

function ScriptForm({ state, onSavingChange, onDone }: { state: Exclude<ScriptModalState, { kind: 'closed' }>; onSavingChange: (saving: boolean) => void; onDone: () => void }) {
  const script = state.kind === 'edit' ? state.script : undefined;
  const mode: ScriptFormMode = script ? { kind: 'edit', id: script.id, channels: script.channels } : { kind: 'create' };
  const [values, setValues] = useState<ScriptFormValues>(() => initialValues(script));
  const [errors, setErrors] = useState<FieldErrors<ScriptField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const save = useSaveScript();
  const saving = save.isPending;
  const preview = useObjectUrl(values.image);

  useEffect(() => onSavingChange(saving), [saving, onSavingChange]);

  const set = <K extends ScriptField>(key: K, value: ScriptFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateScriptForm(mode, values);
    setErrors(found);
    setFormError(null);
    if (focusFirstError(found)) return;
    setProgress(0);
    save.mutate(
      { id: script?.id, form: toFormData(mode, values), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(script ? t.updated : t.created);
          onDone();
        },
        onError: (error) => {
          if (isSessionError(error)) return;
          setFormError(actionErrorText(error, t.saveFailed));
          const fromServer = serverFieldErrors(error, SCRIPT_FIELDS, { 'channels[]': 'channels' });
          setErrors(fromServer);
          // After the re-render that enables the fields again.
          setTimeout(() => focusFirstError(fromServer), 0);
          toast.error(t.saveFailed);
        },
      },
    );
  };

  const required = mode.kind === 'create';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={saving || undefined}>
      {formError ? <ErrorBanner message={formError} /> : null}
      <TextField
        id="script-playsname"
        label={t.form.playsname}
        value={values.playsname}
        onChange={(event) => set('playsname', event.target.value)}
        error={errors.playsname}
        required={required}
        disabled={saving}
        autoComplete="off"
        autoFocus
      />
      <TextAreaField
        id="script-description"
        label={t.form.description}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={errors.description}
        required={required}
        disabled={saving}
        rows={3}
      />
      <TextAreaField
        id="script-loadstring"
        label={t.form.loadstring}
        value={values.loadstring}
        onChange={(event) => set('loadstring', event.target.value)}
        error={errors.loadstring}
        required={required}
        disabled={saving}
        rows={3}
        spellCheck={false}
        className="font-mono text-xs"
      />
      <TextField
        id="script-channels"
        label={t.form.channels}
        hint={t.form.channelsHint}
        value={values.channels}
        onChange={(event) => set('channels', event.target.value)}
        error={errors.channels}
        disabled={saving}
        placeholder="@channel, https://t.me/another"
        autoComplete="off"
        spellCheck={false}
      />
      <FieldFrame id="script-image" label={script ? t.form.imageKeep : t.form.image} hint={t.form.imageHint} error={errors.image}>
        <input
          id="script-image"
          type="file"
          accept="image/*"
          disabled={saving}
          onChange={(event) => set('image', event.target.files?.[0] ?? null)}
          {...describedBy('script-image', t.form.imageHint, errors.image)}
          className={`${controlClass(errors.image)} file:mr-3 file:rounded-md file:border-0 file:bg-violet-600 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-white`}
        />
      </FieldFrame>
      {script || preview ? (
        <div className="flex flex-wrap gap-4">
          {script ? (
            <figure className="flex flex-col gap-1">
              <Thumbnail src={script.imageCard ?? script.image} className="w-40" />
              <figcaption className="text-xs text-slate-400">{script.image ? t.form.currentImage : t.form.noImage}</figcaption>
            </figure>
          ) : null}
          {preview ? (
            <figure className="flex flex-col gap-1">
              <Thumbnail key={preview} src={preview} className="w-40" />
              <figcaption className="text-xs text-slate-400">{t.form.newImage}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
      {saving ? <UploadProgress fraction={progress} label={c.uploadProgress} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {script ? c.save : c.create}
        </Button>
      </div>
    </form>
  );
}

const FIELD_IDS: Record<ScriptField, string> = {
  playsname: 'script-playsname',
  description: 'script-description',
  loadstring: 'script-loadstring',
  channels: 'script-channels',
  image: 'script-image',
};

/** Moves focus to the first field with an error; answers whether there was one. */
function focusFirstError(errors: FieldErrors<ScriptField>): boolean {
  const first = SCRIPT_FIELDS.find((field) => errors[field]);
  if (!first) return false;
  document.getElementById(FIELD_IDS[first])?.focus();
  return true;
}

/** An object URL for a chosen file's preview, revoked when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
