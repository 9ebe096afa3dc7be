import { renderToReadableStream } from 'react-dom/server.edge';
import { type EntryContext, ServerRouter } from 'react-router';

// The server sets the loaders' context through the build it renders with: a context is known by its
// object, and the server's own import of web/context.ts would be another one than the build's.
export { webContext } from './context.ts';
// The stylesheet's URL, for the server's own small pages (the 429 of server/plugins/cold-budget.ts).
export { default as stylesheet } from './app.css?url';

/** How long a page may take to render before it is cut short. */
export const streamTimeout = 5_000;

/**
 * Renders pages with React's web-streams build rather than React Router's default Node entry. The Node
 * build (renderToPipeableStream) runs every render inside an AsyncLocalStorage, and on Node 20 the first
 * such run switches on promise hooks for the life of the process: every promise afterwards, in API
 * requests too, pays for them (the benchmark's detail endpoint lost about a fifth of its rate once a page
 * had been rendered). The web build only uses an AsyncLocalStorage that is a global, which Node 20 lacks.
 *
 * The whole page is awaited: server/plugins/web.ts reads it completely (to cache and compress it) before
 * sending, so streaming the shell early would gain nothing.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // A plain timer, cleared when the page is done: AbortSignal.timeout and AbortSignal.any keep every
  // request's signals alive for the whole timeout, which at thousands of pages a second is real garbage.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let shellRendered = false;
  try {
    const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        // Errors before the shell are thrown to React Router, which logs them; later ones only land here.
        if (shellRendered) console.error(error);
      },
    });
    shellRendered = true;
    await body.allReady;
    headers.set('Content-Type', 'text/html');
    return new Response(body, { headers, status });
  } finally {
    clearTimeout(timer);
  }
}
