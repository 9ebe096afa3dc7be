import { lazy } from 'react';
import { data, isRouteErrorResponse, redirect, useLocation, useNavigation } from 'react-router';
import { scriptPath, scriptSlug } from '../../contract/slugs.ts';
import { parseScriptParam } from '../../contract/script-url.ts';
import { useDelayedFlag } from '../features/catalogue/navigation.ts';
import { publicOrigin } from '../features/catalogue/seo.ts';
import { rawLoaderLine } from '../../contract/raw-loader.ts';
import { rootSettings } from '../lib/settings.ts';
import { errorMeta, scriptMeta } from '../features/script-detail/meta.ts';
import { BackToCatalogue, keyPageOf, ScriptDetail, ScriptDetailSkeleton } from '../features/script-detail/ScriptDetail.tsx';
import { loaderReportHtml } from '../features/script-detail/loader-report.server.tsx';
import { compatibilityHtml } from '../features/script-detail/compatibility.server.tsx';
import { historyHtml } from '../features/script-detail/history.server.tsx';
import { footerHtml } from '../features/script-detail/footer.server.tsx';
import { SiteGate } from '../features/subscriptions/SiteGate.tsx';
import { webContext } from '../context.ts';
import type { ScriptVersionSummary } from '../../contract/versions.ts';
import type { Route } from './+types/script-detail';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { pathIn, readingOfPath, specPath } from '../i18n/reading.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';

/** The updates the History section lists: the latest ones. */
const HISTORY_PAGE = 20;

/** Version 1 as the History section shows it: its date (a create writes both with one clock reading). */
const firstVersion = (createdAt: string): ScriptVersionSummary => ({ version: 1, createdAt, added: [], removed: [], hostsAdded: [], hostsRemoved: [] });

/**
 * The script, its required channels and the site channels; an unknown or malformed id is HTTP 404.
 * Behind a gate (its own channels or the site's), the loader text stays out of the page: the browser
 * fetches it once the visitor is through. The sections rendered here are in the page's reading, which
 * its path alone gives (docs/decisions/0045-languages.md).
 */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const named = parseScriptParam(params.id);
  if (named === undefined) throw data(null, { status: 404 });
  const { id } = named;
  const script = await context.catalogue.get(id);
  if (!script) throw data(null, { status: 404 });
  // A stale or mistyped slug moves permanently to the script's own address (docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls);
  // `/scripts/{id}` alone is served as it is, its canonical link naming the slug URL.
  if (named.slug !== undefined && named.slug !== scriptSlug(script.playsname)) throw redirect(pathIn(reading, scriptPath(script)), 301);
  const [channels, siteChannels, versions] = await Promise.all([
    context.catalogue.channels(id),
    context.siteChannels(),
    // Most scripts never changed: their History is the first version, saved when the script was
    // created, whose changes the section does not list, so the page needs no read for it.
    script.version === 1 ? [firstVersion(script.createdAt)] : context.catalogue.versions(id, HISTORY_PAGE, 0),
  ]);
  const { loadstring, analysis, compatibility, ...card } = script;
  const gated = channels.length > 0 || siteChannels.length > 0;
  const origin = publicOrigin(context.settings.siteUrl, request.url);
  const m = messagesFor(reading);
  return {
    script: card,
    loadstring: gated ? null : loadstring,
    // The provider's channels keep a gated script's loader on this page; the site-wide gate hides the
    // line with the loader until it is passed (the Script tab shows both together).
    rawLine: channels.length === 0 ? rawLoaderLine(origin, id) : null,
    channels,
    siteChannels,
    report: loaderReportHtml(analysis, m),
    compatibility: compatibilityHtml(compatibility, reading, m),
    // Dates and what each update changed, never a version's text (docs/product.md#history).
    history: historyHtml(versions, context.settings.timeZone, HISTORY_PAGE, reading, m),
    footer: footerHtml(card, context.settings, reading, m),
    notes: {
      getKey: keyPageOf(card) ? m.detailMeta.getKey : null,
      noWorkingExecutor: card.noWorkingExecutor ? m.detailMeta.noWorkingExecutor : null,
    },
    // Built here: only the server's HTML needs them first hand, and the page's JavaScript carries no
    // tag or JSON-LD builder (docs/decisions/0017-public-page-javascript-budget.md#the-script-pages-head-tags-come-with-its-data).
    meta: scriptMeta(card, { origin, siteName: context.settings.siteName, path: scriptPath(script), reading, m }),
  };
}

export function meta({ data: loaded, error, matches }: Route.MetaArgs) {
  const siteName = rootSettings(matches)?.siteName ?? '';
  if (!loaded) {
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    const t = metaI18n(matches)?.m.detail;
    return errorMeta((missing ? t?.notFound.title : t?.failed.title) ?? '', siteName);
  }
  return loaded.meta;
}

/** /scripts/{id}-{slug} and /scripts/{id} (docs/product.md#script-detail-page), behind the site-wide and per-script gates. */
export default function ScriptDetailPage({ loaderData }: Route.ComponentProps) {
  const { script, loadstring, channels, siteChannels, report, compatibility, history, footer, notes, rawLine } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location.pathname : undefined;
  const openingAnother = useDelayedFlag(target !== undefined && target !== location.pathname && /^\/scripts\/[^/]+$/.test(specPath(target)));

  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <SiteGate siteChannels={siteChannels} />
      <BackToCatalogue />
      {openingAnother ? <ScriptDetailSkeleton /> : <ScriptDetail key={script.id} script={script} loadstring={loadstring} channels={channels} siteChannels={siteChannels} report={report} compatibility={compatibility} history={history} footer={footer} notes={notes} rawLine={rawLine} />}
    </main>
  );
}

// Only a missing or unreadable script shows these: their code loads then. The server renders them
// whole; in the browser hydration waits for the chunk, and a navigation keeps the old page until it is in.
const ScriptNotFound = lazy(() => import('../features/script-detail/states.tsx').then((states) => ({ default: states.ScriptNotFound })));
const ScriptLoadFailed = lazy(() => import('../features/script-detail/states.tsx').then((states) => ({ default: states.ScriptLoadFailed })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { m, path } = useI18n();
  return isRouteErrorResponse(error) && error.status === 404 ? <ScriptNotFound t={m.detail} list={path('/scripts')} /> : <ScriptLoadFailed t={m.detail} list={path('/scripts')} />;
}
