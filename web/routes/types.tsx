import { publicOrigin } from '../features/catalogue/seo.ts';
import { typesListMeta } from '../features/script-types/meta.ts';
import { typeChoices } from '../features/script-types/names.ts';
import { TypeList } from '../features/script-types/TypeViews.tsx';
import { useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { webContext } from '../context.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/types';

/** Every script type in its order, named in the page's reading. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const types = typeChoices(await context.types.list(), reading);
  const origin = publicOrigin(context.settings.siteUrl, request.url);
  return { types, meta: typesListMeta(types, { origin, siteName: context.settings.siteName, reading, texts: messagesFor(reading).typesMeta }) };
}

/** The head tags the loader built (features/script-types/meta.ts). */
export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

/** /types (docs/decisions/0063-script-types.md). */
export default function Types({ loaderData }: Route.ComponentProps) {
  const t = useI18n().m.typeList;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 max-w-2xl text-slate-300">{t.intro}</p>
      <TypeList types={loaderData.types} />
    </main>
  );
}
