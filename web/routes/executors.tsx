import { publicOrigin } from '../features/catalogue/seo.ts';
import { TimeAgo } from '../features/executors/ExecutorFacts.tsx';
import { ExecutorList } from '../features/executors/ExecutorList.tsx';
import { executorsListMeta } from '../features/executors/meta.ts';
import { lastChecked } from '../features/executors/time.ts';
import { useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { useSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/executors';

/**
 * Every executor, working first, then by name; when the list was last checked; and `now`, the moment
 * "3 days ago" is counted from, so the server's HTML and the hydrated page say the same.
 */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const executors = await context.executors.list();
  const origin = publicOrigin(context.settings.siteUrl, request.url);
  const meta = executorsListMeta(executors, { origin, siteName: context.settings.siteName, reading, texts: messagesFor(reading).executorsMeta });
  return { executors, lastChecked: lastChecked(executors), now: new Date().toISOString(), meta };
}

/** The head tags the loader built (features/executors/meta.ts). */
export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

/** /executors (docs/product.md#executors-page). */
export default function Executors({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSettings();
  const t = useI18n().m.executorList;
  const { executors, lastChecked: checked, now } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 max-w-2xl text-slate-300">{t.intro}</p>
      {checked ? (
        <p data-testid="last-checked" className="mt-3 text-sm text-slate-400">
          {t.lastChecked} <TimeAgo iso={checked} now={now} timeZone={timeZone} />
        </p>
      ) : null}
      <ExecutorList executors={executors} now={now} timeZone={timeZone} />
    </main>
  );
}
