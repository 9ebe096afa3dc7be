import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '../../contract/index.ts';
import type { PublicCache } from '../scripts/public-cache.ts';

export type WebMode = { kind: 'build'; dir: string } | { kind: 'vite' } | { kind: 'none' };

export interface WebPluginOptions {
  mode: WebMode;
  loadContext: (request: FastifyRequest) => WebLoadContext;
  /** Public pages are the same for every visitor; their HTML is kept until the next catalogue write. */
  htmlCache?: PublicCache;
  /** Called for every successful public page answer, cached or not (view counting). */
  onPage?: (request: FastifyRequest, pathname: string) => void;
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** Compressed once, on the first request that accepts each encoding. */
  br?: Buffer;
  gzip?: Buffer;
}

const PRIVATE_PATHS = /^\/(admin|moderator)(\/|$|\.)/;

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
  let handle: ReturnType<typeof createRequestHandler>;

  if (options.mode.kind === 'build') {
    const serverEntry = path.resolve(options.mode.dir, 'server', 'index.js');
    if (!fs.existsSync(serverEntry)) throw new MissingBuildError(options.mode.dir);
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await app.register(fastifyStatic, {
      root: path.resolve(options.mode.dir, 'client'),
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
    handle = createRequestHandler(build, 'production');
  } else {
    const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
    const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    handle = createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    );
  }

  const cache = options.mode.kind === 'build' ? options.htmlCache : undefined;

  await app.register(async (scope) => {
    // React Router actions read the raw body themselves, so Fastify must leave it unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      const cacheable = cache && request.method === 'GET' && !PRIVATE_PATHS.test(request.url);
      // The host is part of the key: pages carry absolute links built from it when SITE_URL is unset.
      const key = `html:${request.host}${request.url}`;
      if (cacheable) {
        const hit = cache.get<CachedPage>(key);
        if (hit) {
          if (hit.status === 200) options.onPage?.(request, pathnameOf(request.url));
          return sendCached(request, reply, hit);
        }
      }
      const response = await handle(toWebRequest(request, reply), options.loadContext(request));
      if (request.method === 'GET' && response.status === 200) options.onPage?.(request, pathnameOf(request.url));
      const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (html || (cacheable && response.status < 500 && storable(response.headers))) {
        const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding');
        const text = await response.text();
        const page: CachedPage = { status: response.status, headers, body: html ? lowerScriptPriority(text) : text };
        if (cacheable && response.status < 500 && storable(response.headers)) cache.set(key, page);
        return sendCached(request, reply, page);
      }
      return sendResponse(reply, response);
    });
  });
}

/**
 * The page is complete HTML before any script runs; its scripts only hydrate it. Fetched at low
 * priority, they leave the bandwidth of a slow line to the stylesheet and the images first.
 */
export function lowerScriptPriority(html: string): string {
  return html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
}

/** Pages that set a cookie or ask not to be stored (today's date on the policy pages) stay out of the cache. */
function storable(headers: Headers): boolean {
  return !headers.has('set-cookie') && !/no-cache|no-store|private/i.test(headers.get('cache-control') ?? '');
}

function pathnameOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** brotli when accepted, else gzip, else identity; pages under 1 KiB go as they are. */
export function pickEncoding(acceptEncoding: string | undefined, size: number): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || size < 1024) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding'], page.body.length);
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } });
    return reply.header('content-encoding', 'br').send(page.br);
  }
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(page.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.body);
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
