import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from 'react-router';
import { LazyToaster } from './lib/toast.tsx';
import { pageMessagesFor } from './i18n/catalogues.server.ts';
import { areasOf, messagesKey } from './i18n/areas.ts';
import { HTML_LANG, pathIn, readingOfPath } from './i18n/reading.ts';
import type { RootI18nData } from './i18n/messages.ts';
import { webContext } from './context.ts';
import { typeChoices } from './features/script-types/names.ts';
import { EARLY_STAR_SCRIPT } from './components/favourites/early-star.ts';
import { readingScript } from './i18n/reading-script.ts';
import type { Route } from './+types/root';
import type { Reading } from '../contract/i18n.ts';
import type { ScriptType } from '../contract/script-types.ts';
import stylesheet from './app.css?url';

/**
 * The settings, and the page's reading with the messages its page shows (docs/decisions/0045-languages.md):
 * the reading comes from the path alone, the areas from the page it is (web/i18n/areas.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const reading = readingOfPath(pathname);
  const web = context.get(webContext);
  return { settings: web.settings, reading, messages: pageMessagesFor(reading, areasOf(pathname)), choices: await siteChoices(web, reading) };
}

/**
 * The slug filters' rows every page offers (the filter form's selects, the cards' chips): the script
 * types, named in the reading (docs/decisions/0063-script-types.md). A failed read offers none, so the
 * root's data is still there for any error a page can meet.
 */
async function siteChoices(web: { types: { list(): Promise<ScriptType[]> } }, reading: Reading) {
  const types = await web.types.list().catch(() => []);
  return { type: typeChoices(types, reading) };
}

// The settings never change while the app runs, and the messages only with the reading or the page's
// areas: other navigations need not fetch them again.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return messagesKey(currentUrl.pathname) !== messagesKey(nextUrl.pathname);
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}


/**
 * The stylesheet as a React 19 resource with a precedence: React then places it in <head> ahead of the
 * module preloads, so the render-blocking CSS is requested first.
 */
function Stylesheet() {
  return <link rel="stylesheet" href={stylesheet} precedence="default" />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootI18nData | undefined;
  return (
    <html lang={HTML_LANG[data?.reading ?? 'spec']}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet />
        <Links />
        {/* Browsers offer the site's search from the address bar (docs/product.md#feeds), in the page's reading. */}
        {data?.messages ? (
          <link rel="search" type="application/opensearchdescription+xml" href={pathIn(data.reading, '/opensearch.xml')} title={data.messages.common.nav.searchLabel} />
        ) : null}
        {/*
          The stars' handler (docs/decisions/0043-favourites-without-an-account.md), last in <head>: in the server's
          HTML only (its hash joins the page's CSP), so the browser's build carries none of it. Hydration skips
          an element of <head> the client does not render.
        */}
        {import.meta.env.SSR ? <script dangerouslySetInnerHTML={{ __html: EARLY_STAR_SCRIPT }} /> : null}
        {import.meta.env.SSR && data?.messages ? <script dangerouslySetInnerHTML={{ __html: readingScript(data.messages.common.offer) }} /> : null}
      </head>
      <body className="min-h-screen bg-ink text-slate-100 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // A marker browser tests wait for: after it, event handlers are attached.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <LazyToaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const data = useRouteLoaderData('root') as RootI18nData | undefined;
  // The root loader reads only the settings, so its data is there for any error a page can meet.
  const common = data?.messages?.common;
  if (!common) return null;
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{notFound ? common.notFound.title : common.error.title}</h1>
      <a className="mt-4 inline-block text-violet-300 underline" href={pathIn(data.reading, '/')}>
        {common.error.home}
      </a>
    </main>
  );
}
