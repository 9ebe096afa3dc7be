import { data } from 'react-router';
import { NotFoundMessage } from '../components/ui/NotFoundMessage.tsx';
import { pageTitle } from '../lib/settings.ts';
import type { Route } from './+types/not-found';
import { common } from '../messages/common.ts';

/** Any unknown public path: the not-found page with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(common.notFound.title, matches) }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundMessage title={common.notFound.title} text={common.notFound.text} to="/" back={common.notFound.home} />;
}
