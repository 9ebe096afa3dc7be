import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type ScriptType, scriptTypeCreateSchema, scriptTypeEditSchema } from '../../../../contract/script-types.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useDeleteScriptType, useSaveScriptType, useScriptTypeList } from '../../staff/api/script-types.ts';
import { errorText, isSessionError } from '../../staff/api/client.ts';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { FormDialog } from '../../staff/components/FormDialog.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useConfirmedDelete, useFailureToast, useReportBusy } from '../../staff/lib/hooks.ts';
import { useAdminMessages, usePanel, useStaffMessages } from '../../staff/panel.tsx';
import { initialScriptTypeValues, SCRIPT_TYPE_FIELD_IDS, SCRIPT_TYPE_FIELDS, toScriptTypeBody, toScriptTypePatch } from '../lib/script-type-form.ts';
import { RowActions } from './RowActions.tsx';

type DialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; type: ScriptType };

const useTexts = () => useStaffMessages('admin').scriptTypes.section;

/** Script types (docs/decisions/0063-script-types.md): the list in its order, create and edit in a dialog, delete with confirmation. */
export function ScriptTypesSection() {
  const t = useTexts();
  const c = useAdminMessages().common;
  const query = useScriptTypeList();
  const remove = useConfirmedDelete<ScriptType>('admin', useDeleteScriptType(), { ...t, timedOut: c.timedOut });
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);
  const create = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      <Plus aria-hidden className="h-4 w-4" />
      {t.newType}
    </Button>
  );
  const close = () => setDialog({ kind: 'closed' });
  const editing = dialog.kind === 'edit' ? dialog.type : undefined;
  return (
    <StaffSection title={t.title} intro={t.intro} actions={create}>
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView query={query} loadFailed={t.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={t.empty} text={t.emptyHint} action={create} />}>
        {(rows) => <TypeTable rows={rows} onEdit={(type) => setDialog({ kind: 'edit', type })} onDelete={remove.setPending} />}
      </ListView>
      <FormDialog open={dialog.kind !== 'closed'} onClose={close} title={editing ? t.editTitle : t.createTitle} closeLabel={c.close}>
        {(setBusy) => <TypeForm type={editing} onBusyChange={setBusy} onCancel={close} onSaved={close} />}
      </FormDialog>
      <DeleteDialog question={t.confirmDelete} detail={t.confirmDeleteDetail} remove={remove} />
    </StaffSection>
  );
}

function TypeTable({ rows, onEdit, onDelete }: { rows: ScriptType[]; onEdit: (type: ScriptType) => void; onDelete: (type: ScriptType) => void }) {
  const t = useTexts();
  const c = useAdminMessages().common;
  const cell = 'px-3 py-3 sm:px-4';
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.name}</th>
            <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>{t.columns.nameEn}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.nameRu}</th>
            <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>{t.columns.position}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{c.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((type) => (
            <tr key={type.id} data-testid="type-row" className="hover:bg-white/[0.03]">
              <td className={cell}>
                <p className="break-words font-medium text-white">{type.name}</p>
                <p className="break-all font-mono text-xs text-slate-400">{type.slug}</p>
              </td>
              <td className={`${cell} hidden text-slate-300 md:table-cell`}>{type.nameEn}</td>
              <td className={`${cell} text-slate-300`}>{type.nameRu}</td>
              <td className={`${cell} hidden text-slate-300 md:table-cell`}>{type.position}</td>
              <RowActions editLabel={t.editLabel(type.name)} deleteLabel={t.deleteLabel(type.name)} onEdit={() => onEdit(type)} onDelete={() => onDelete(type)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dialog's form: the contract's checks first, then the save, the server's errors beside their fields. */
function TypeForm({ type, onBusyChange, onCancel, onSaved }: { type: ScriptType | undefined; onBusyChange: (busy: boolean) => void; onCancel: () => void; onSaved: () => void }) {
  const t = useTexts();
  const c = useAdminMessages().common;
  const { texts } = usePanel();
  const { values, set, errors, setErrors } = useFieldState(() => initialScriptTypeValues(type));
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveScriptType();
  useReportBusy(save.isPending, onBusyChange);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const body = type ? toScriptTypePatch(values, type) : toScriptTypeBody(values);
    const spec = { order: SCRIPT_TYPE_FIELDS, ids: SCRIPT_TYPE_FIELD_IDS, word: texts.word };
    if (!parseFields(type ? scriptTypeEditSchema : scriptTypeCreateSchema, body, spec, setErrors)) return;
    save.mutate(
      { id: type?.id, body },
      {
        onSuccess: () => {
          toast.success(type ? t.saved : t.created);
          onSaved();
        },
        onError: (error) => {
          if (isSessionError(error, 'admin')) return;
          const fromServer = serverFieldErrors(error, SCRIPT_TYPE_FIELDS);
          setErrors(fromServer);
          if (!focusFirstError(fromServer, SCRIPT_TYPE_FIELDS, SCRIPT_TYPE_FIELD_IDS)) setFormError(errorText(error, t.saveFailed, c.timedOut));
          toast.error(t.saveFailed);
        },
      },
    );
  };
  const field = (name: (typeof SCRIPT_TYPE_FIELDS)[number], extra: { hint?: string; required?: boolean; autoFocus?: boolean } = {}) => (
    <TextField id={SCRIPT_TYPE_FIELD_IDS[name]} name={name} label={t.fields[name]} value={values[name]} onChange={(event) => set(name, event.target.value)} error={errors[name]} readOnly={save.isPending} autoComplete="off" {...extra} />
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending || undefined}>
      {field('name', { hint: t.hints.name, required: true, autoFocus: true })}
      {field('nameEn', { hint: t.hints.nameEn })}
      {field('nameRu', { required: true })}
      {field('slug', { hint: t.hints.slug })}
      {field('position', { hint: t.hints.position })}
      {formError ? <ErrorBanner message={formError} /> : null}
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={save.isPending} aria-disabled={save.isPending || undefined}>
          {type ? t.save : t.create}
        </Button>
      </div>
    </form>
  );
}
