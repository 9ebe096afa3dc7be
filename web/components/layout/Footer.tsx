import { Link } from 'react-router';
import { useSettings } from '../../lib/settings.ts';
import { useI18n } from '../../i18n/messages.ts';

/** The shared footer: site links, legal pages, developer and social links, the contact address. */
export function Footer() {
  const { siteName, telegramUrl, developerUrl, videoUrl, contactEmail } = useSettings();
  const { m, path } = useI18n();
  const t = m.common.footer;
  const heading = 'text-sm font-semibold text-white';
  const item = 'text-sm text-slate-300 hover:text-white';
  return (
    <footer className="mt-16 border-t border-white/10 bg-panel/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{siteName}</p>
          <p className="mt-2 text-sm text-slate-300">
            {t.contact}:{' '}
            <a className="underline hover:text-white" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
          </p>
        </div>
        <nav aria-label={t.catalogue}>
          <h2 className={heading}>{t.catalogue}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={item} to={path('/')}>{m.common.nav.home}</Link></li>
            <li><Link className={item} to={path('/scripts')}>{m.common.nav.scripts}</Link></li>
            <li><Link className={item} to={path('/games')}>{m.common.nav.games}</Link></li>
            <li><Link className={item} to={path('/executors')}>{m.common.nav.executors}</Link></li>
            <li><Link className={item} to={path('/seo')}>{t.seo}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t.legal}>
          <h2 className={heading}>{t.legal}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={item} to={path('/privacy')}>{t.privacy}</Link></li>
            <li><Link className={item} to={path('/terms')}>{t.terms}</Link></li>
            <li><Link className={item} to={path('/cookies')}>{t.cookies}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t.community}>
          <h2 className={heading}>{t.community}</h2>
          <ul className="mt-3 space-y-2">
            <li><a className={item} href={telegramUrl} target="_blank" rel="noopener noreferrer">{t.telegram}</a></li>
            <li><a className={item} href={videoUrl} target="_blank" rel="noopener noreferrer">{t.video}</a></li>
            {developerUrl ? (
              <li><a className={item} href={developerUrl} target="_blank" rel="noopener noreferrer">{t.developer}</a></li>
            ) : null}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {siteName}. {t.rights}
      </p>
    </footer>
  );
}
