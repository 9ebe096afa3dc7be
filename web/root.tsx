import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { LazyToaster } from './lib/toast.tsx';
import { common } from './messages/common.ts';
import { webContext } from './context.ts';
import { EARLY_STAR_SCRIPT } from './components/favourites/early-star.ts';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';

export function loader({ context }: Route.LoaderArgs) {
  return { settings: context.get(webContext).settings };
}

// The settings never change while the app runs: navigations need not fetch them again.
export function shouldRevalidate() {
  return false;
}

export function links() {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    // Browsers offer the site's search from the address bar (docs/product.md#feeds).
    { rel: 'search', type: 'application/opensearchdescription+xml', href: '/opensearch.xml', title: common.nav.searchLabel },
  ];
}

/**
 * The stylesheet as a React 19 resource with a precedence: React then places it in <head> ahead of the
 * module preloads, so the render-blocking CSS is requested first.
 */
function Stylesheet() {
  return <link rel="stylesheet" href={stylesheet} precedence="default" />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet />
        <Links />
        {/*
          The stars' handler (docs/decisions.md#favourites-without-an-account), last in <head>: in the server's
          HTML only (its hash joins the page's CSP), so the browser's build carries none of it. Hydration skips
          an element of <head> the client does not render.
        */}
        {import.meta.env.SSR ? <script dangerouslySetInnerHTML={{ __html: EARLY_STAR_SCRIPT }} /> : null}
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
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{notFound ? common.notFound.title : common.error.title}</h1>
      <a className="mt-4 inline-block text-violet-300 underline" href="/">
        {common.error.home}
      </a>
    </main>
  );
}
