import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { errorText, isSessionError } from '../../staff/api/client.ts';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { type FieldErrors, focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useConfirmedDelete, useFailureToast } from '../../staff/lib/hooks.ts';
import { useAdminMessages, usePanel } from '../../staff/panel.tsx';


/** What a short list's screen says, from the admin's messages. */
export interface ShortListTexts {
  title: string;
  intro: string;
  listLabel: string;
  empty: string;
  emptyHint: string;
  loadFailed: string;
  confirmDelete: string;
  deleted: string;
  deleteFailed: string;
  deleteLabel: (name: string) => string;
}

/**
 * A short admin list edited in place (the site channels, the domains): an add form above, one row per
 * entry with a delete button, and one confirmation before a delete.
 */
export function ShortListSection<Row extends { id: number }>({
  texts,
  query,
  deleteMutation,
  actions,
  addForm,
  nameOf,
  children,
}: {
  texts: ShortListTexts;
  query: UseQueryResult<Row[]>;
  deleteMutation: UseMutationResult<unknown, Error, number>;
  actions?: ReactNode;
  /** The add form; `onAdded` clears a delete's failure, which the new entry made stale. */
  addForm: (onAdded: () => void) => ReactNode;
  /** How a row is named in its delete button's label. */
  nameOf: (row: Row) => string;
  /** A row's contents, before its delete button. */
  children: (row: Row) => ReactNode;
}) {
  const c = useAdminMessages().common;
  const remove = useConfirmedDelete<Row>('admin', deleteMutation, { ...texts, timedOut: c.timedOut });
  useFailureToast('admin', query.error, query.errorUpdatedAt, texts.loadFailed);

  return (
    <StaffSection title={texts.title} intro={texts.intro} actions={actions}>
      {addForm(() => remove.setActionError(null))}
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView<Row> query={query} loadFailed={texts.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={texts.empty} text={texts.emptyHint} />}>
        {(rows) => (
          <ul aria-label={texts.listLabel} className="flex flex-col gap-2">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center gap-3 rounded-xl bg-panel px-4 py-3 ring-1 ring-white/10">
                {children(row)}
                <Button variant="ghost" aria-label={texts.deleteLabel(nameOf(row))} onClick={() => remove.setPending(row)} size="icon" className="text-red-300 hover:text-red-200">
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListView>
      <DeleteDialog question={texts.confirmDelete} remove={remove} />
    </StaffSection>
  );
}

/**
 * The add form's state and submit: checked with the contract's schema before any call (the panel
 * words the errors), then the server's field errors on their fields, a toast either way, and the
 * fields emptied after a success.
 */
export function useAddForm<Values extends object, Input, Field extends Extract<keyof Values, string>>({
  schema,
  empty,
  fields,
  ids,
  mutation,
  texts,
  onAdded,
}: {
  schema: z.ZodType<Input>;
  empty: Values;
  fields: readonly Field[];
  ids: Record<Field, string>;
  mutation: UseMutationResult<unknown, Error, Input>;
  texts: { added: string; addFailed: string; taken: string };
  onAdded: () => void;
}) {
  const c = useAdminMessages().common;
  const { texts: panelTexts } = usePanel();
  const state = useFieldState<Values>(empty);
  // The checked fields are some of the values' (a checkbox has no error of its own).
  const setErrors = (errors: FieldErrors<Field>) => state.setErrors(errors as FieldErrors<Extract<keyof Values, string>>);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const input = parseFields(schema, state.values, { order: fields, ids, word: panelTexts.word }, setErrors);
    if (!input) return;
    mutation.mutate(input, {
      onSuccess: () => {
        state.setValues(empty);
        onAdded();
        toast.success(texts.added);
      },
      onError: (error) => {
        if (isSessionError(error, 'admin')) return;
        const fromServer = serverFieldErrors(error, fields);
        setErrors(fromServer);
        if (!focusFirstError(fromServer, fields, ids)) setFormError(errorText(error, texts.addFailed, c.timedOut, { CONFLICT: texts.taken }));
        toast.error(texts.addFailed);
      },
    });
  };
  return { values: state.values, set: state.set, errors: state.errors, formError, onSubmit, pending: mutation.isPending };
}

/** The add form's frame: its heading, a failure banner, the fields in a row and the submit button. */
export function AddForm({ id, heading, submitLabel, form, children }: { id: string; heading: string; submitLabel: string; form: { formError: string | null; onSubmit: (event: FormEvent) => void; pending: boolean }; children: ReactNode }) {
  return (
    <form noValidate onSubmit={form.onSubmit} aria-labelledby={id} className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <h2 id={id} className="mb-3 text-sm font-semibold text-slate-200">
        {heading}
      </h2>
      {form.formError ? <ErrorBanner message={form.formError} className="mb-3" /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        {children}
        <Button type="submit" loading={form.pending} aria-disabled={form.pending || undefined} className="md:mt-7">
          {form.pending ? null : <Plus aria-hidden className="h-4 w-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
