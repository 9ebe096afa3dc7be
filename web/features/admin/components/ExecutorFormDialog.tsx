import { type FormEvent, useState } from 'react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { EXECUTOR_STATUSES, type Executor, PLATFORMS, type Platform } from '../../../../contract/executors.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { errorText, isSessionError } from '../../staff/api/client.ts';
import { CheckboxField } from '../../staff/components/CheckboxField.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { controlClass, describedBy, FieldFrame, TextField } from '../../staff/components/Field.tsx';
import { FormDialog } from '../../staff/components/FormDialog.tsx';
import { focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useReportBusy } from '../../staff/lib/hooks.ts';
import { usePanel } from '../../staff/panel.tsx';
import { useSaveExecutor } from '../api/executors.ts';
import { EXECUTOR_FIELD_IDS, EXECUTOR_FIELDS, executorFormSchema, initialExecutorValues, toExecutorBody, toExecutorPatch } from '../lib/executor-form.ts';

export type ExecutorDialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; executor: Executor };

/** "Create New Executor" / "Edit Executor": name, slug, platforms, status, version, website, free. */
export function ExecutorFormDialog({ state, onClose }: { state: ExecutorDialogState; onClose: () => void }) {
  const f = useAdminMessages().executors.form;
  const c = useAdminMessages().common;
  const executor = state.kind === 'edit' ? state.executor : undefined;
  return (
    <FormDialog open={state.kind !== 'closed'} onClose={onClose} title={executor ? f.editTitle : f.createTitle} closeLabel={c.close}>
      {(setBusy) => <ExecutorForm executor={executor} onBusyChange={setBusy} onCancel={onClose} onSaved={onClose} />}
    </FormDialog>
  );
}

/** The form's state and its submit: the contract's checks first, then the save, the server's errors beside their fields. */
function useExecutorForm(executor: Executor | undefined, onBusyChange: (busy: boolean) => void, onSaved: () => void) {
  const t = useAdminMessages().executors;
  const c = useAdminMessages().common;
  const { texts } = usePanel();
  const field = useFieldState(() => initialExecutorValues(executor));
  const { values, setErrors } = field;
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveExecutor();
  const saving = save.isPending;
  useReportBusy(saving, onBusyChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const spec = { order: EXECUTOR_FIELDS, ids: EXECUTOR_FIELD_IDS, word: texts.word };
    if (!parseFields(executorFormSchema, toExecutorBody(values), spec, setErrors)) return;
    const input = executor ? { id: executor.id, body: toExecutorPatch(values, executor) } : { body: toExecutorBody(values) };
    save.mutate(input, {
      onSuccess: () => {
        toast.success(executor ? t.updated : t.created);
        onSaved();
      },
      onError: (error) => {
        if (isSessionError(error, 'admin')) return;
        // A 409 (the slug is taken) and a 400 both name their field.
        const fromServer = serverFieldErrors(error, EXECUTOR_FIELDS);
        setErrors(fromServer);
        if (!focusFirstError(fromServer, EXECUTOR_FIELDS, EXECUTOR_FIELD_IDS)) setFormError(errorText(error, t.saveFailed, c.timedOut));
        toast.error(t.saveFailed);
      },
    });
  };
  return { ...field, formError, saving, onSubmit };
}

type ExecutorFormState = ReturnType<typeof useExecutorForm>;

function ExecutorForm({ executor, onBusyChange, onCancel, onSaved }: { executor?: Executor; onBusyChange: (busy: boolean) => void; onCancel: () => void; onSaved: () => void }) {
  const c = useAdminMessages().common;
  const form = useExecutorForm(executor, onBusyChange, onSaved);
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={form.saving || undefined}>
      <NameFields form={form} editing={executor !== undefined} />
      <PlatformFields form={form} />
      <StatusField form={form} />
      <DetailFields form={form} />
      {form.formError ? <ErrorBanner message={form.formError} /> : null}
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={form.saving}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={form.saving} aria-disabled={form.saving || undefined}>
          {executor ? c.save : c.create}
        </Button>
      </div>
    </form>
  );
}

function NameFields({ form: { values, set, errors, saving }, editing }: { form: ExecutorFormState; editing: boolean }) {
  const f = useAdminMessages().executors.form;
  const ids = EXECUTOR_FIELD_IDS;
  return (
    <>
      <TextField id={ids.name} name="name" label={f.name} value={values.name} onChange={(event) => set('name', event.target.value)} error={errors.name} required readOnly={saving} autoComplete="off" autoFocus />
      <TextField
        id={ids.slug}
        name="slug"
        label={f.slug}
        hint={editing ? f.slugEditHint : f.slugHint}
        value={values.slug}
        onChange={(event) => set('slug', event.target.value)}
        error={errors.slug}
        readOnly={saving}
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}

/** One checkbox per platform; at least one. */
function PlatformFields({ form: { values, set, errors, saving } }: { form: ExecutorFormState }) {
  const t = useAdminMessages().executors;
  const f = t.form;
  const toggle = (platform: Platform, on: boolean) => set('platforms', on ? [...values.platforms, platform] : values.platforms.filter((other) => other !== platform));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errors.platforms ? 'executor-platforms-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-200">
        {f.platforms}
        <span aria-hidden className="ml-0.5 text-red-300">
          *
        </span>
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {PLATFORMS.map((platform) => (
          <CheckboxField
            key={platform}
            id={`executor-platform-${platform}`}
            label={t.platforms[platform]}
            checked={values.platforms.includes(platform)}
            disabled={saving}
            onCheckedChange={(on) => toggle(platform, on)}
          />
        ))}
      </div>
      {errors.platforms ? (
        <p id="executor-platforms-error" className="text-sm text-red-300">
          {errors.platforms}
        </p>
      ) : null}
    </fieldset>
  );
}

function StatusField({ form: { values, set, errors, saving } }: { form: ExecutorFormState }) {
  const t = useAdminMessages().executors;
  const f = t.form;
  const id = EXECUTOR_FIELD_IDS.status;
  return (
    <FieldFrame id={id} label={f.status} hint={f.statusHint} error={errors.status} required>
      <select
        id={id}
        name="status"
        value={values.status}
        disabled={saving}
        onChange={(event) => set('status', event.target.value as (typeof EXECUTOR_STATUSES)[number])}
        {...describedBy(id, f.statusHint, errors.status)}
        className={`${controlClass(errors.status)} bg-slate-950`}
      >
        {EXECUTOR_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t.statuses[status]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

function DetailFields({ form: { values, set, errors, saving } }: { form: ExecutorFormState }) {
  const f = useAdminMessages().executors.form;
  const ids = EXECUTOR_FIELD_IDS;
  return (
    <>
      <TextField id={ids.version} name="version" label={f.version} hint={f.versionHint} value={values.version} onChange={(event) => set('version', event.target.value)} error={errors.version} readOnly={saving} autoComplete="off" />
      <TextField
        id={ids.website}
        name="website"
        type="url"
        label={f.website}
        hint={f.websiteHint}
        placeholder="https://"
        value={values.website}
        onChange={(event) => set('website', event.target.value)}
        error={errors.website}
        readOnly={saving}
        autoComplete="off"
        spellCheck={false}
      />
      <CheckboxField id={ids.free} label={f.free} hint={f.freeHint} checked={values.free} disabled={saving} onCheckedChange={(on) => set('free', on)} />
    </>
  );
}
