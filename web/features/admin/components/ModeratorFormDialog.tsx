import { useReportBusy } from '../../staff/lib/hooks.ts';
import { useAdminMessages } from '../../staff/panel.tsx';
import { type FormEvent, useState } from 'react';
import { type CreateModerator, createModeratorSchema } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { ApiError, errorText, isSessionError } from '../../staff/api/client.ts';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { FormDialog } from '../../staff/components/FormDialog.tsx';
import { type FieldErrors, focusFirstError, parseFields, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useCreateModerator } from '../api/moderators.ts';


type Field = keyof CreateModerator;
const FIELDS: readonly Field[] = ['UserName', 'Password'];
const IDS: Record<Field, string> = { UserName: 'moderator-username', Password: 'moderator-password' };

/** "Create New Moderator": Username, a masked Password, Cancel and Create. */
export function ModeratorFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useAdminMessages().moderators;
  const c = useAdminMessages().common;
  return (
    <FormDialog open={open} onClose={onClose} title={t.form.title} closeLabel={c.close}>
      {(setBusy) => <ModeratorForm onBusyChange={setBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function ModeratorForm({ onBusyChange, onDone }: { onBusyChange: (busy: boolean) => void; onDone: () => void }) {
  const t = useAdminMessages().moderators;
  const c = useAdminMessages().common;
  const { values, set, errors, setErrors } = useFieldState<CreateModerator>({ UserName: '', Password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateModerator();
  const saving = create.isPending;

  useReportBusy(saving, onBusyChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const input = parseFields(createModeratorSchema, values, { order: FIELDS, ids: IDS }, setErrors);
    if (!input) return;
    create.mutate(input, {
      onSuccess: () => {
        toast.success(t.created);
        onDone();
      },
      onError: (error) => {
        if (isSessionError(error, 'admin')) return;
        const message = errorText(error, t.createFailed, c.timedOut, { CONFLICT: t.usernameTaken });
        // 409: the username is taken; the server's text goes beside Username.
        const fromServer: FieldErrors<Field> =
          error instanceof ApiError && error.status === 409 ? { UserName: message } : serverFieldErrors(error, FIELDS, { username: 'UserName', password: 'Password' });
        setErrors(fromServer);
        if (!focusFirstError(fromServer, FIELDS, IDS)) setFormError(message);
        toast.error(t.createFailed);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={saving || undefined}>
      {formError ? <ErrorBanner message={formError} /> : null}
      <TextField
        id={IDS.UserName}
        label={t.form.username}
        hint={t.form.usernameHint}
        value={values.UserName}
        onChange={(event) => set('UserName', event.target.value)}
        error={errors.UserName}
        required
        readOnly={saving}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
      />
      <TextField
        id={IDS.Password}
        type="password"
        label={t.form.password}
        hint={t.form.passwordHint}
        value={values.Password}
        onChange={(event) => set('Password', event.target.value)}
        error={errors.Password}
        required
        readOnly={saving}
        autoComplete="new-password"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={saving} aria-disabled={saving || undefined}>
          {c.create}
        </Button>
      </div>
    </form>
  );
}
