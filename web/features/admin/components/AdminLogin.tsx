import { ShieldCheck } from 'lucide-react';
import { useAdminMessages, useStaffMessages } from '../../staff/panel.tsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { adminLoginSchema } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ApiError, errorText } from '../../staff/api/client.ts';
import { tokens } from '../../staff/api/auth-storage.ts';
import { checkAdminToken, loginAdmin, type AdminLoginInput } from '../api/auth.ts';
import { DASHBOARD_PATH as DASHBOARD } from '../sections.ts';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { BackToSite } from '../../staff/components/BackToSite.tsx';
import { LanguageSwitch } from '../../staff/components/LanguageSwitch.tsx';
import { TextField } from '../../staff/components/Field.tsx';
import { FullPageSpinner } from '../../staff/components/FullPageSpinner.tsx';
import { type FieldsSpec, useFieldState } from '../../staff/lib/form.ts';
import { useLoginSubmit } from '../../staff/lib/login.ts';
import { usePanelReading } from '../../staff/language.ts';
import { PANEL_TEXTS } from '../../staff/panel-texts.ts';

const ORDER = ['username', 'password'] as const;
const IDS = { username: 'admin-username', password: 'admin-password' };

/**
 * /admin (docs/product.md#admin-login). A stored token is checked first: a valid one goes to the
 * dashboard, one that fails the check is removed. A failed login shows the server's text, else the
 * default, and clears the password.
 */
export function AdminLogin() {
  const t = useAdminMessages().login;
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => tokens.get('admin') !== null);

  useEffect(() => {
    if (!tokens.get('admin')) return;
    const controller = new AbortController();
    checkAdminToken(controller.signal).then(
      () => void navigate(DASHBOARD, { replace: true }),
      () => {
        if (controller.signal.aborted) return;
        tokens.clear('admin');
        setChecking(false);
      },
    );
    return () => controller.abort();
  }, [navigate]);

  if (checking) return <FullPageSpinner label={t.checking} />;
  return <LoginForm onLoggedIn={() => void navigate(DASHBOARD, { replace: true })} />;
}

function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const staff = useStaffMessages('admin');
  // The panel's wording of zod issues in the chosen reading (none in the specification's: the contract's English).
  const fields: FieldsSpec<keyof AdminLoginInput> = { order: ORDER, ids: IDS, word: PANEL_TEXTS.admin[usePanelReading()].word };
  const t = useAdminMessages().login;
  const { values, setValues, set, errors, setErrors } = useFieldState<AdminLoginInput>({ username: '', password: '' });
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const { busy, formError, submit: onSubmit } = useLoginSubmit('admin', {
    schema: adminLoginSchema,
    fields,
    values,
    setErrors,
    login: loginAdmin,
    succeeded: onLoggedIn,
    failed: (error) => {
      // The password is cleared after a failure.
      setValues((previous) => ({ ...previous, password: '' }));
      setTimeout(() => passwordRef.current?.focus(), 0);
      return error instanceof ApiError && error.kind === 'invalid' ? t.noToken : errorText(error, t.failed, undefined, { UNAUTHORIZED: staff.errors.badCredentials });
    },
  });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl bg-panel p-6 shadow-2xl ring-1 ring-white/10 sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-violet-600/20 text-violet-300">
            <ShieldCheck aria-hidden className="h-6 w-6" />
          </span>
          <h1 className="mt-3 text-2xl font-bold text-white">{t.heading}</h1>
          <p className="mt-1 text-sm text-slate-300">{t.intro}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {formError ? <ErrorBanner message={formError} /> : null}
          <TextField
            ref={usernameRef}
            id="admin-username"
            name="username"
            label={t.username}
            value={values.username}
            onChange={(event) => set('username', event.target.value)}
            error={errors.username}
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
          />
          <TextField
            ref={passwordRef}
            id="admin-password"
            name="password"
            type="password"
            label={t.password}
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            error={errors.password}
            required
            autoComplete="current-password"
          />
          <Button type="submit" size="lg" loading={busy} disabled={busy} className="mt-2 w-full">
            {t.submit}
          </Button>
        </form>
      </div>
      <LanguageSwitch role="admin" className="mx-auto mt-6" />
      <BackToSite label={t.backToSite} />
    </main>
  );
}
