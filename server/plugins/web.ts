// React's web-streams renderer checks every empty chunk (an empty attribute such as alt="" makes one)
// against ArrayBuffer.prototype.detached, which Node 20 lacks; without it React warns that the
// empty buffer "could be a security issue". The standard polyfill gives it the real answer.
import 'core-js/actual/array-buffer/detached.js';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '../../contract/index.ts';
import { malformed } from '../shared/errors.ts';
import { PageFaults } from './page-faults.ts';
import { busyPageHtml, sendBusyPage } from './cold-budget.ts';
import type { ColdAdmission } from '../cache/cold-budget.ts';
import { type CachedPage, canonicalPageUrl, pagePath, MIN_COMPRESSED_BYTES, type PageCache, type PageEncoding, packPage, pageBytes, type RenderedPage } from '../cache/page-cache.ts';
import { requestOrigin } from './protocol.ts';
import { answeredNotModified, entityTag, NO_STORE, PER_REQUEST_ORIGIN } from '../cache/conditional.ts';
import { canonicalPath } from '../../contract/page-path.ts';
import { inlineScriptHashes, pageCsp } from './security.ts';
import { publicScope } from '../policies/access.ts';

export type WebMode = { kind: 'build'; dir: string } | { kind: 'vite' } | { kind: 'none' };

export interface WebPluginOptions {
  mode: WebMode;
  loadContext: (request: FastifyRequest) => WebLoadContext;
  /** Public pages are the same for every visitor; their HTML is kept here until the catalogue changes. */
  pageCache?: PageCache;
  /** The configured public origin; when set, pages never depend on the request's Host. */
  siteUrl: string | undefined;
  /** The site-wide Content-Security-Policy, to which each page adds its inline scripts' hashes. */
  contentSecurityPolicy: string | undefined;
  /**
   * Called for every successful public page answer, cached or not (view counting), with the page's
   * path: the same for its HTML and its data request (`pagePath`).
   */
  onPage?: (request: FastifyRequest, pathname: string) => void;
  /**
   * Asked before a public page's render starts (a page nobody has cached or is rendering): a place to
   * render in, released when done, or a refusal: 429 past the address's budget, 503 when the process's
   * bound on cold renders is full (docs/decisions/0034-a-rate-of-cold-work-per-address.md, and "Round 4").
   */
  admitColdPage?: (request: FastifyRequest) => Promise<ColdAdmission>;
}

/** The staff pages, in any case (a path is matched by React Router ignoring the case of its fixed segments). */
const PRIVATE_PATHS = /^\/(admin|moderator)(\/|$|\.)/i;

/** How long a browser or shared cache may keep the redirect from a path's other spelling to its canonical one. */
const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

export class MissingBuildError extends Error {
  constructor(dir: string) {
    super(`No web build in ${dir}: run "npm run build" first.`);
    this.name = 'MissingBuildError';
  }
}

/**
 * Serves the React Router app from the same process and port: Fastify answers /api and the hashed
 * assets first; every other path goes to React Router in its own plugin scope.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  if (options.mode.kind === 'none') return;
  // The pages and the files they load: anyone may fetch them (the panels' pages read their data through staff API routes).
  publicScope(app);
  const web = options.mode.kind === 'build' ? await mountBuild(app, options.mode.dir) : await mountVite(app);
  const cache = options.mode.kind === 'build' ? options.pageCache : undefined;
  const render = createRender(web, options);
  await app.register(async (scope) => {
    if (!options.siteUrl) keepOriginPrivate(scope);
    pageRoute(scope, render, cache, options, web.busyPage);
  });
}

/** The app's request handler, and the loaders' context key as the build that runs them has it (see webContextOf). */
interface WebApp {
  handle: ReturnType<typeof createRequestHandler>;
  contextKey: () => Promise<RouterContext<WebLoadContext>>;
  /** The 429 and 503 pages of a refused cold page, written once. */
  busyPage: BusyPages;
}

type BusyPages = Record<429 | 503, string>;
const busyPages = (stylesheet: string | undefined): BusyPages => ({ 429: busyPageHtml(stylesheet, 429), 503: busyPageHtml(stylesheet, 503) });

/** Renders a page; `whole` reads every answer whole (to share or cache it), else only HTML is read. */
type Render = (request: FastifyRequest, url: string, signal: AbortSignal | undefined, whole: boolean) => Promise<RenderedPage | Response>;

/** Production: the build's server entry, and its client files served as they are. */
async function mountBuild(app: FastifyInstance, dir: string): Promise<WebApp> {
  const serverEntry = path.resolve(dir, 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) throw new MissingBuildError(dir);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  await app.register(fastifyStatic, {
    root: path.resolve(dir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // npm run build writes .br and .gz beside each asset; the best one the client accepts is sent.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite names everything under assets/ by content hash.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const key = webContextOf(build);
  const stylesheet = (build.entry.module as { stylesheet?: string }).stylesheet;
  return { handle: createRequestHandler(build, 'production'), contextKey: async () => key, busyPage: busyPages(stylesheet) };
}

/** Development: Vite as middleware on the same port, with HMR. */
async function mountVite(app: FastifyInstance): Promise<WebApp> {
  const [{ createServer, isRunnableDevEnvironment }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  // React Router builds its server code in Vite's `ssr` environment; its runner loads the app as
  // it is now, edits included, as React Router's own dev server does.
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's ssr environment cannot run modules");
  const loadBuild = () => ssr.runner.import('virtual:react-router/server-build') as Promise<ServerBuild>;
  return { handle: createRequestHandler(loadBuild, 'development'), contextKey: async () => webContextOf(await loadBuild()), busyPage: busyPages(undefined) };
}

function createRender({ handle, contextKey }: WebApp, options: WebPluginOptions): Render {
  return async (request, url, signal, whole) => {
    // A fresh provider per request: middleware may add to it.
    const faults = new PageFaults(options.loadContext(request));
    const context = new RouterContextProvider(new Map([[await contextKey(), faults.context]]));
    const rendered = await handle(toWebRequest(request, url, signal), context);
    const { status, headers: faultHeaders } = faults.answer(rendered.status);
    const response = status === rendered.status ? rendered : new Response(rendered.body, { status, headers: [...rendered.headers, ...faultHeaders] });
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding');
    if (!html && !whole) return response;
    const text = await response.text();
    if (!html) return { status, headers, body: text };
    const body = lowerScriptPriority(text);
    if (options.contentSecurityPolicy) {
      headers.push(['content-security-policy', pageCsp(options.contentSecurityPolicy, inlineScriptHashes(body))]);
    }
    return { status, headers, body };
  };
}

/** A public page the cache does not hold: concurrent misses share one render, kept for the next. */
function publicPage(render: Render, request: FastifyRequest, url: string, key: string, pages: PageCache) {
  return pages.render(
    key,
    // Shared by every waiting request, so not cut short when the first one's client leaves.
    async () => packPage((await render(request, url, undefined, true)) as RenderedPage),
    (page) => (page.status < 500 && storable(page.headers) ? page : undefined),
  );
}

/** GET /* in the web app's own scope: public pages through the cache (when given), the rest rendered each time. */
function pageRoute(scope: FastifyInstance, render: Render, cache: PageCache | undefined, options: WebPluginOptions, busyPage: BusyPages) {
  // React Router actions read the raw body themselves, so Fastify must leave it unread.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // GET (and HEAD): the app has no actions, so other methods get 405 from the routing plugin.
  scope.get('/*', { config: { catchAll: 'fallback' } }, async (request, reply) => {
    const target = pageTarget(request, options.siteUrl);
    const canonical = canonicalPath(target.path);
    if (canonical !== target.path) return redirectToCanonical(reply, canonical, target.query);
    if (cache && !PRIVATE_PATHS.test(target.path)) {
      // Rendered for their canonical URL, so what is cached is exactly what was asked.
      const url = target.origin + canonicalPageUrl(target.path, target.search);
      const key = `html:${url}`;
      const cached = cache.get(key);
      // A page nobody has or is rendering is cold work; joining a render costs nothing.
      const admission = cached || cache.isRendering(key) ? undefined : await options.admitColdPage?.(request);
      if (admission && 'status' in admission) return sendBusyPage(reply, admission.status, admission.retryAfter, busyPage[admission.status]);
      let page: CachedPage;
      try {
        // Rendered by another request while this one waited for its place: taken as it is.
        page = cached ?? cache.get(key) ?? (await publicPage(render, request, url, key, cache));
      } finally {
        admission?.release();
      }
      if (request.method === 'GET' && page.status === 200) options.onPage?.(request, pagePath(target.path));
      return sendPage(request, reply, page, true, () => cache.grew(key, page));
    }
    const shared = !PRIVATE_PATHS.test(target.path);
    const page = await render(request, target.origin + target.pathAndQuery, abortOnClose(reply), false);
    if (!shared) reply.header('cache-control', NO_STORE);
    if (page instanceof Response) return sendResponse(reply, page);
    if (request.method === 'GET' && page.status === 200) options.onPage?.(request, pagePath(target.path));
    return sendPage(request, reply, packPage(page, acceptedEncoding(request)), shared);
  });
}

/**
 * The context the loaders read (`web/context.ts`), taken from the build's server entry: a context is
 * known by its object, and this bundle's own copy of that module would be a different one.
 */
function webContextOf(build: ServerBuild): RouterContext<WebLoadContext> {
  const key = (build.entry.module as { webContext?: RouterContext<WebLoadContext> }).webContext;
  if (!key) throw new Error('The web build has no webContext export in web/entry.server.tsx');
  return key;
}

/** A signal that aborts the render when the client goes away before its answer. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

interface PageTarget {
  /** Scheme and host the page is rendered for: SITE_URL when set, else the request's own. */
  origin: string;
  path: string;
  search: URLSearchParams;
  /** The query as parsed (`?a=1`, or empty). */
  query: string;
  pathAndQuery: string;
}

/** Answers that name no origin, whatever SITE_URL says: they may be shared (keepOriginPrivate leaves them). */
const originFree = new WeakSet<FastifyReply>();

/**
 * Another spelling of a path (`/RU/scripts`, `/%72u/scripts`, `/Admin`) moves to its canonical one with
 * its query, before any render: one address per page, and the staff pages private in every spelling.
 * The Location is a path on this site: leading slashes are collapsed, so it never reads as `//host`.
 */
function redirectToCanonical(reply: FastifyReply, canonical: string, query: string) {
  const location = canonical.replace(/^\/+/, '/') + query;
  originFree.add(reply);
  const cacheControl = PRIVATE_PATHS.test(canonical) ? NO_STORE : CANONICAL_REDIRECT_CACHE_CONTROL;
  return reply.code(301).header('location', location).header('cache-control', cacheControl).header('content-type', 'text/plain; charset=utf-8').send(`Moved to ${location}`);
}

/**
 * Without SITE_URL a page names the origin its request named (its Host), so no shared cache may keep
 * it: another Host, from anyone, would otherwise be served to everyone (docs/decisions/0052-the-origin-from-configuration.md).
 */
function keepOriginPrivate(scope: FastifyInstance) {
  scope.addHook('onSend', (_request, reply, payload, done) => {
    if (!originFree.has(reply) && !/no-store/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', PER_REQUEST_ORIGIN);
    done(null, payload);
  });
}

/**
 * What a page request names, on our own origin whatever its form: an absolute-form target
 * (`GET http://elsewhere/x`) or a path that reads as one (`//elsewhere/x`) never renders another host,
 * nor does an `X-Forwarded-Host`.
 */
function pageTarget(request: FastifyRequest, siteUrl: string | undefined): PageTarget {
  // The Host header itself, never X-Forwarded-Host (Fastify's request.host reads it under trustProxy).
  const origin = siteUrl ? new URL(siteUrl).origin : requestOrigin(request.protocol, request.headers.host);
  if (!origin) throw malformed('A valid Host header is required');
  let target = request.url;
  if (!target.startsWith('/')) {
    const absolute = new URL(target, 'http://target.invalid');
    target = absolute.pathname + absolute.search;
  }
  const parsed = new URL(origin + target);
  return { origin, path: parsed.pathname, search: parsed.searchParams, query: parsed.search, pathAndQuery: parsed.pathname + parsed.search };
}

/**
 * The page is complete HTML before any script runs; its scripts only hydrate it. Fetched at low
 * priority, they leave the bandwidth of a slow line to the stylesheet and the images first.
 */
export function lowerScriptPriority(html: string): string {
  return html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
}

/** Pages that set a cookie or ask not to be stored (today's date on the policy pages) stay out of the cache. */
function storable(headers: [string, string][]): boolean {
  const header = (name: string) => headers.find(([key]) => key === name)?.[1];
  return header('set-cookie') === undefined && !/no-cache|no-store|private/i.test(header('cache-control') ?? '');
}

function toWebRequest(request: FastifyRequest, url: string, signal: AbortSignal | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // HEAD renders as GET: the page may be cached for GETs, and Fastify leaves the body out of a HEAD answer.
  return new Request(url, { method: 'GET', headers, ...(signal ? { signal } : {}) });
}

/** brotli when accepted, else gzip, else identity; pages under 1 KiB go as they are. */
export function pickEncoding(acceptEncoding: string | undefined, size: number): PageEncoding {
  if (!acceptEncoding || size < MIN_COMPRESSED_BYTES) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

const acceptedEncoding = (request: FastifyRequest) => pickEncoding(request.headers['accept-encoding'], Number.POSITIVE_INFINITY);

/** `shared`: a public page, the same for every visitor; the staff pages are kept by no cache. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, shared: boolean, grew?: () => void) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('vary', 'accept-encoding');
  if (!shared) reply.header('cache-control', NO_STORE);
  // Tagged by its kept bytes (brotli is deterministic, so the tag names the HTML).
  else if (page.status === 200 && storable(page.headers) && answeredNotModified(request, reply, entityTag(page, (page.br ?? page.raw) as Buffer))) return reply;
  const { bytes, encoding } = pageBytes(page, acceptedEncoding(request), grew);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

function sendResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
