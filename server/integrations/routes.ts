import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, scriptIdParamsSchema } from '../../contract/index.ts';
import {
  v1ExecutorListSchema,
  v1GameListSchema,
  v1GamesQuerySchema,
  v1ScriptDetailSchema,
  v1ScriptPageSchema,
  v1ScriptsQuerySchema,
} from '../../contract/integrations.ts';
import { type CachedAnswer, isNullAnswer } from '../cache/public-cache.ts';
import { PER_REQUEST_ORIGIN, SHARED_CACHE_CONTROL, sendPublicJson } from '../cache/conditional.ts';
import { requestOrigin } from '../plugins/protocol.ts';
import { PUBLIC } from '../policies/access.ts';
import { badRequest, notFound } from '../shared/errors.ts';
import { crossOrigin } from './cors.ts';
import { scriptKey, type IntegrationService } from './service.ts';

export interface IntegrationRouteOptions {
  integrations: IntegrationService;
  /** SITE_URL: the origin every address names; without it, the request's Host (and answers only the asker may keep). */
  siteUrl: string | undefined;
}

/** What the answers of a request name as their origin, and how long shared caches may keep them. */
export interface AnswerOrigin {
  origin: string;
  cacheControl: string;
}

/** SITE_URL's origin, read once per configured value rather than per request. */
const siteOrigins = new Map<string, AnswerOrigin>();

export function answerOrigin(request: FastifyRequest, siteUrl: string | undefined): AnswerOrigin {
  if (siteUrl) {
    let configured = siteOrigins.get(siteUrl);
    if (!configured) {
      configured = { origin: new URL(siteUrl).origin, cacheControl: SHARED_CACHE_CONTROL };
      siteOrigins.set(siteUrl, configured);
    }
    return configured;
  }
  // The protocol plugin refused a Host that names no origin before any route ran.
  return { origin: requestOrigin(request.protocol, request.headers.host) ?? '', cacheControl: PER_REQUEST_ORIGIN };
}

const TAGS = ['v1'];

/**
 * The integrator API, `/api/v1` (issue 38; docs/decisions/0062-integrator-api.md; docs/integrators.md):
 * scripts (cursor pages, a place id, every catalogue filter), one script, games, executors.
 * Cross-origin for everyone (cors.ts); every answer cached with a strong ETag.
 */
export async function integrationRoutes(app: FastifyInstance, options: IntegrationRouteOptions) {
  crossOrigin(app, '/api/v1/*');
  scriptListRoute(app, options);
  scriptRoute(app, options);
  catalogueRoutes(app, options);
  // A path under /api/v1 no route has: the app's 404, with the cross-origin headers, so a page elsewhere can read it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/v1/*',
    config: { catchAll: 'ignore', ...PUBLIC },
    schema: { hide: true },
    handler: (request) => {
      throw notFound(`No API route ${request.method} ${request.url.split('?')[0] ?? ''}`);
    },
  });
}

/** Sends a cached answer, or loads it; a hit is sent synchronously, its JSON as cached. */
function sendAnswer<T>(request: FastifyRequest, reply: FastifyReply, where: AnswerOrigin, hit: CachedAnswer<T> | undefined, load: () => Promise<CachedAnswer<T>>) {
  const send = (answer: CachedAnswer<T>): void => {
    if (isNullAnswer(answer)) throw notFound('Script not found');
    return sendPublicJson(request, reply, answer.json, where.cacheControl);
  };
  if (hit) return send(hit);
  return load().then(send);
}

function scriptListRoute(app: FastifyInstance, { integrations, siteUrl }: IntegrationRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/scripts',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'Scripts, a page at a time: searched (q), for a game (game, or placeId: game.PlaceId), filtered by the catalogue\'s filters, sorted, or changed since an instant (updatedSince, to sync)',
        description:
          'Walk the pages with nextCursor until it is null. runs30d counts fetches of rawUrl (one per address a day, 0 when nobody ran it). Gated scripts (their provider asks players to join channels first) come with gated: true and neither loader nor rawUrl.',
        querystring: v1ScriptsQuerySchema,
        response: { 200: v1ScriptPageSchema, 400: errorBodySchema },
      },
      preValidation: refuseSinceWithOrder,
    },
    (request, reply) => {
      const where = answerOrigin(request, siteUrl);
      const key = integrations.listKey(request.query, where.origin);
      return sendAnswer(request, reply, where, integrations.cached(key), () => integrations.scriptsAnswer(request.query, where.origin));
    },
  );
}

/** updatedSince walks oldest change first: a sort or a search (ordered by its sort) would be another order. */
const NOT_WITH_SINCE = ['sort', 'q'] as const;

async function refuseSinceWithOrder(request: FastifyRequest): Promise<void> {
  const raw = request.query as Record<string, unknown>;
  if (raw.updatedSince === undefined) return;
  const given = NOT_WITH_SINCE.filter((name) => raw[name] !== undefined);
  if (given.length > 0) throw badRequest(`updatedSince: not combined with ${given.join(', ')}`, { updatedSince: `updatedSince cannot be combined with ${given.join(', ')}` });
}

function scriptRoute(app: FastifyInstance, { integrations, siteUrl }: IntegrationRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/scripts/:id',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'One script, with the executors it works on (compatibility)',
        params: scriptIdParamsSchema,
        response: { 200: v1ScriptDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) => {
      const where = answerOrigin(request, siteUrl);
      const { id } = request.params;
      return sendAnswer(request, reply, where, integrations.cached(scriptKey(id, where.origin)), () => integrations.scriptAnswer(id, where.origin));
    },
  );
}

function catalogueRoutes(app: FastifyInstance, { integrations, siteUrl }: IntegrationRouteOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/v1/games',
    {
      config: PUBLIC,
      schema: { tags: TAGS, summary: 'The games, with their place ids and how many scripts each has', querystring: v1GamesQuerySchema, response: { 200: v1GameListSchema, 400: errorBodySchema } },
    },
    async (request, reply) => {
      const where = answerOrigin(request, siteUrl);
      sendPublicJson(request, reply, (await integrations.gamesAnswer(request.query.placeId, where.origin)).json, where.cacheControl);
      return reply;
    },
  );
  route.get(
    '/api/v1/executors',
    { config: PUBLIC, schema: { tags: TAGS, summary: 'The executors, their platforms and status', response: { 200: v1ExecutorListSchema } } },
    async (request, reply) => {
      sendPublicJson(request, reply, (await integrations.executorsAnswer()).json);
      return reply;
    },
  );
}
