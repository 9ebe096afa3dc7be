import { useSearchParams } from 'react-router';
import { LoginForm } from '../../features/moderator/components/LoginForm.tsx';
import { DEACTIVATED_REASON } from '../../features/moderator/session.ts';
import { BackToSite } from '../../features/staff/components/BackToSite.tsx';
import { spec as moderator } from '../../features/moderator/texts/spec.ts';
import { LanguageSwitch } from '../../features/staff/components/LanguageSwitch.tsx';
import { useModeratorMessages } from '../../features/staff/panel.tsx';
import { usePanelTitle } from '../../features/staff/lib/title.ts';
import type { Route } from './+types/login';
import { pageTitle } from '../../lib/settings.ts';

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle(moderator.meta.login, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /moderator/login (docs/product.md#moderator-login). Rendered on the server like any page (it needs no token);
 * `?from=` is where to go after logging in, `?reason=deactivated` says the account was removed.
 */
export default function ModeratorLogin() {
  const [params] = useSearchParams();
  const own = useModeratorMessages();
  const t = own.login;
  usePanelTitle(own.meta.login);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-white/10 bg-panel p-6 shadow-2xl shadow-black/40 sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-white">{t.heading}</h1>
          <p className="mb-6 mt-2 text-sm text-slate-300">{t.intro}</p>
          <LoginForm from={params.get('from')} deactivated={params.get('reason') === DEACTIVATED_REASON} />
        </div>
        <LanguageSwitch role="moderator" className="mx-auto mt-6" />
        <BackToSite label={t.backToSite} />
      </div>
    </main>
  );
}
