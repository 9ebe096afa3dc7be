import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, scriptIdParamsSchema } from '../../contract/index.ts';
import { type CachedAnswer, isNullAnswer } from '../cache/public-cache.ts';
import { answeredNotModified, entityTag } from '../cache/conditional.ts';
import { PUBLIC } from '../policies/access.ts';
import { notFound } from '../shared/errors.ts';
import { crossOrigin } from './cors.ts';
import { answerOrigin, type IntegrationRouteOptions } from './routes.ts';
import { rawKey, type RawAnswer } from './service.ts';

const TEXT = 'text/plain; charset=utf-8';

/** Each cached answer's loader as bytes, made once per entry and dropped with it (the JSON is parsed once, not per fetch). */
const loaders = new WeakMap<object, Buffer | null>();

function loaderOf(answer: CachedAnswer<RawAnswer | null>): Buffer | null {
  let bytes = loaders.get(answer);
  if (bytes === undefined) {
    const value = answer.value;
    bytes = value && !value.gated ? Buffer.from(value.loader, 'utf8') : null;
    loaders.set(answer, bytes);
  }
  return bytes;
}

/**
 * `GET /raw/{id}` (issue 38 item 4, docs/decisions/0062-integrator-api.md): a script's current loader as
 * text, the address a copied `loadstring(game:HttpGet(…))()` line fetches, so it always runs the latest
 * version; each fetch counts a run (once per address a day). A gated script's loader never leaves here:
 * 403 with a line naming its page. Cross-origin like /api/v1; ETag and 304 like every public answer.
 */
export async function rawRoutes(app: FastifyInstance, { integrations, siteUrl }: IntegrationRouteOptions) {
  crossOrigin(app, '/raw/*');
  app.withTypeProvider<ZodTypeProvider>().get(
    '/raw/:id',
    {
      config: PUBLIC,
      schema: {
        tags: ['v1'],
        summary: "A script's current loader as text (Luau), for loadstring(game:HttpGet(…))(); counts a run, once per address a day",
        params: scriptIdParamsSchema,
        produces: [TEXT],
        response: {
          200: z.string().describe('The loader'),
          400: errorBodySchema,
          403: z.string().describe('The script is gated: a line naming its page, where its loader is'),
          404: errorBodySchema,
        },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const send = (answer: CachedAnswer<RawAnswer | null>) => sendRaw(request, reply, answer, siteUrl, () => integrations.recordRun(id, { ip: request.ip, userAgent: request.headers['user-agent'] }));
      const hit = integrations.cached<RawAnswer | null>(rawKey(id));
      if (hit) return send(hit);
      return integrations.rawAnswer(id).then(send);
    },
  );
}

function sendRaw(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<RawAnswer | null>, siteUrl: string | undefined, countRun: () => void): void {
  if (isNullAnswer(answer)) throw notFound('Script not found');
  const loader = loaderOf(answer);
  if (loader === null) {
    const value = answer.value as Extract<RawAnswer, { gated: true }>;
    const where = answerOrigin(request, siteUrl);
    // A line, no loader: the provider's channels, on the script's page, stay the way to it.
    const text = `${value.title} asks you to join its channels first: its loader is on its page, ${where.origin}${value.page}\n`;
    reply.code(403).header('cache-control', where.cacheControl).type(TEXT).send(text);
    return;
  }
  // HEAD only asks; a GET, answered in full or 304, is a run.
  if (request.method === 'GET') countRun();
  reply.header('vary', 'accept-encoding');
  if (answeredNotModified(request, reply, entityTag(loader, loader))) return;
  reply.type(TEXT).send(loader);
}
