import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { type CreateModerator, createModeratorSchema } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { messages } from '../../../messages/staff.ts';
import { ApiError } from '../../staff/api/client.ts';
import { Modal } from '../../staff/components/Modal.tsx';
import { ErrorBanner } from '../components/ErrorBanner.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { actionErrorText, type FieldErrors, isSessionError, serverFieldErrors, zodFieldErrors } from '../lib/errors.ts';
import { useCreateModerator } from './api.ts';

const t = messages.admin.moderators;
const c = messages.admin.common;

type Field = keyof CreateModerator;
const FIELDS: readonly Field[] = ['UserName', 'Password'];
const IDS: Record<Field, string> = { UserName: 'moderator-username', Password: 'moderator-password' };

/** "Create New Moderator" (SPEC.md section 2): Username, a masked Password, Cancel and Create. */
export function ModeratorFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) onClose();
      }}
      title={t.form.title}
      closeLabel={c.close}
    >
      {open ? <ModeratorForm onSavingChange={setSaving} onDone={onClose} /> : null}
    </Modal>
  );
}

function ModeratorForm({ onSavingChange, onDone }: { onSavingChange: (saving: boolean) => void; onDone: () => void }) {
  const [values, setValues] = useState<CreateModerator>({ UserName: '', Password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateModerator();
  const saving = create.isPending;

  useEffect(() => onSavingChange(saving), [saving, onSavingChange]);

  const set = (key: Field, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const parsed = createModeratorSchema.safeParse(values);
    if (!parsed.success) {
      const found = zodFieldErrors<Field>(parsed.error);
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t.created);
        onDone();
      },
      onError: (error) => {
        if (isSessionError(error)) return;
        const message = actionErrorText(error, t.createFailed);
        // 409: the username is taken; the server's text goes beside Username.
        const fromServer: FieldErrors<Field> =
          error instanceof ApiError && error.status === 409 ? { UserName: message } : serverFieldErrors(error, FIELDS, { username: 'UserName', password: 'Password' });
        setErrors(fromServer);
        if (!fromServer.UserName && !fromServer.Password) setFormError(message);
        setTimeout(() => focusFirst(fromServer), 0);
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
        disabled={saving}
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
        disabled={saving}
        autoComplete="new-password"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {c.cancel}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {c.create}
        </Button>
      </div>
    </form>
  );
}

function focusFirst(errors: FieldErrors<Field>) {
  const first = FIELDS.find((field) => errors[field]);
  if (first) document.getElementById(IDS[first])?.focus();
}
