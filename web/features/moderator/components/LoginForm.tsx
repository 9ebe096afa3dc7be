import { CircleAlert, ShieldAlert } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.tsx';
import { moderatorLoginSchema } from '../../../../contract/staff.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../staff/api/client.ts';
import { login, MissingTokenError } from '../api/session.ts';
import { safeFrom } from '../session.ts';
import { TextField } from '../../staff/components/Field.tsx';
import { type FieldsSpec, serverFieldErrors, useFieldState } from '../../staff/lib/form.ts';
import { useLoginSubmit } from '../../staff/lib/login.ts';
import { useHydrated } from '../../staff/lib/hooks.ts';
import { MODERATOR_WORD } from '../../staff/lib/wording.ts';
import { languageOf, usePanelReading } from '../../staff/language.ts';
import { panelMessages } from '../../staff/panel-texts.ts';

type Name = 'UserName' | 'Password';
const NAMES: readonly Name[] = ['UserName', 'Password'];
const IDS = { UserName: 'moderator-username', Password: 'moderator-password' };

export interface LoginFormProps {
  /** The validated-later originating location (the `from` query parameter). */
  from: string | null;
  /** True after the status check answered 401 (docs/product.md#moderator-session). */
  deactivated: boolean;
}

/** Вход для модератора: UserName, Password, Войти (docs/product.md#moderator-login). */
export function LoginForm({ from, deactivated }: LoginFormProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const reading = usePanelReading();
  const m = panelMessages.moderator[reading];
  const t = m.login;
  const fields: FieldsSpec<Name> = { order: NAMES, ids: IDS, word: MODERATOR_WORD[reading] };
  const { values, set, errors, setErrors } = useFieldState<Record<Name, string>>({ UserName: '', Password: '' });
  const refs = { UserName: useRef<HTMLInputElement>(null), Password: useRef<HTMLInputElement>(null) };

  const change = (name: Name) => (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.value);

  const { busy: submitting, formError, submit } = useLoginSubmit('moderator', {
    schema: moderatorLoginSchema,
    fields,
    values,
    setErrors,
    login,
    succeeded: () => {
      toast.success(t.success);
      navigate(safeFrom(from), { replace: true });
    },
    failed: (error) => {
      setErrors(serverFieldErrors(error, NAMES));
      toast.error(t.failed);
      // The password is kept (only the admin login clears it) but selected, so typing replaces it.
      refs.Password.current?.focus();
      refs.Password.current?.select();
      return error instanceof MissingTokenError ? t.noToken : errorText(error, t.failed, m.timeout, { UNAUTHORIZED: panelMessages.staff[languageOf('moderator', reading)].errors.badCredentials });
    },
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={formError ? 'moderator-login-error' : undefined}>
      {deactivated ? (
        <div role="alert" className="flex items-start gap-3 rounded-lg bg-amber-500/10 px-4 py-3 text-sm text-amber-100 ring-1 ring-amber-400/30">
          <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
          <p>{t.deactivated}</p>
        </div>
      ) : null}
      <TextField
        ref={refs.UserName}
        id="moderator-username"
        name="UserName"
        label={t.userName}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.UserName}
        onChange={change('UserName')}
        error={errors.UserName}
      />
      <TextField
        ref={refs.Password}
        id="moderator-password"
        name="Password"
        type="password"
        label={t.password}
        autoComplete="current-password"
        required
        value={values.Password}
        onChange={change('Password')}
        error={errors.Password}
      />
      {formError ? (
        <p id="moderator-login-error" role="alert" className="flex items-start gap-2 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200 ring-1 ring-red-400/30">
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {formError}
        </p>
      ) : null}
      {/* Disabled until hydrated: a submit before then would send the form natively (credentials in the URL). */}
      <Button type="submit" size="lg" className="mt-2 w-full" loading={submitting} disabled={!hydrated || submitting}>
        {t.submit}
      </Button>
    </form>
  );
}
