import { data } from 'react-router';
import { NotFoundMessage } from '../components/ui/NotFoundMessage.tsx';
import { pageTitle } from '../lib/settings.ts';
import type { Route } from './+types/not-found';
import { metaI18n, useI18n } from '../i18n/messages.ts';

/** Any unknown public path: the not-found page with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const i18n = metaI18n(matches);
  return [{ title: pageTitle(i18n?.m.common.notFound.title ?? '', matches) }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { m, path } = useI18n();
  return <NotFoundMessage title={m.common.notFound.title} text={m.common.notFound.text} to={path('/')} back={m.common.notFound.home} />;
}
