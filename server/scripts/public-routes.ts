import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelSchema,
  errorBodySchema,
  paginatedQuerySchema,
  type PaginatedScripts,
  paginatedScriptsSchema,
  scriptDetailSchema,
  scriptIdParamsSchema,
} from '../../contract/index.ts';
import { badRequest, notFound } from '../shared/errors.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { SiteChannelService } from '../channels/site-channels.ts';
import type { CatalogueService } from './service.ts';
import { type CachedAnswer, foundNothing, isNullAnswer } from '../cache/public-cache.ts';
import { listKey } from './service.ts';
import { sendPublicJson } from '../cache/conditional.ts';
import { PUBLIC } from '../policies/access.ts';

interface PublicScriptRouteOptions {
  catalogue: CatalogueService;
  cache: PublicCache;
  siteChannels: SiteChannelService;
}

/** GET /api/scripts/paginated, /api/scripts/{id}, /api/scripts/{id}/channels (docs/product.md#public-calls). */
export async function publicScriptRoutes(app: FastifyInstance, options: PublicScriptRouteOptions) {
  // Registered in this order: the OpenAPI document lists them so.
  listRoute(app, options);
  scriptRoutes(app, options);
  siteChannelRoute(app, options);
}

/** GET /api/scripts/paginated: a page of the catalogue, sent as cached. */
function listRoute(app: FastifyInstance, { catalogue, cache }: Pick<PublicScriptRouteOptions, 'catalogue' | 'cache'>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/scripts/paginated',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary:
          'A page of the catalogue: filtered by game, universal, key system, patched, verified, platform (pc, mobile) and executor, sorted newest first (default), by views, trending or last update, and optionally searched by words of name or description; or, with ids, those scripts in the order given',
        querystring: paginatedQuerySchema,
        response: { 200: paginatedScriptsSchema, 400: errorBodySchema },
      },
      preValidation: refuseIdsWithPaging,
    },
    (request, reply) => {
      const query = request.query;
      if (query.ids !== undefined) {
        const { ids, limit: _limit, offset: _offset, q: _q, sort: _sort, ...filter } = query;
        return catalogue.checkUnknown(filter).then(() => catalogue.idsAnswer(ids, filter).then((cached) => sendPublicJson(request, reply, cached.json)));
      }
      const answer = (cached: CachedAnswer<PaginatedScripts>): void => {
        // A search that found nothing is counted for the insights (buffered, written with the views);
        // told from the cached bytes, never parsed.
        if (query.q && foundNothing(cached)) catalogue.recordSearch(query, 0, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return sendPublicJson(request, reply, cached.json);
      };
      if (catalogue.asksKnown(query)) return catalogue.checkUnknown(query).then(() => catalogue.listAnswer(query).then(answer));
      // A hit is sent synchronously, its JSON as cached: no promise for Fastify to wait on, no serialising.
      const hit = cache.get<PaginatedScripts>(listKey(query));
      if (hit) return answer(hit);
      return catalogue.listAnswer(query).then(answer);
    },
  );
}

/** Parameters that page or order a list mean nothing for `ids` (the whole list, in its order): refused before validation fills their defaults. */
const NOT_WITH_IDS = ['limit', 'offset', 'sort', 'q'] as const;

async function refuseIdsWithPaging(request: FastifyRequest): Promise<void> {
  const raw = request.query as Record<string, unknown>;
  if (raw.ids === undefined) return;
  const given = NOT_WITH_IDS.filter((name) => raw[name] !== undefined);
  if (given.length > 0) throw badRequest(`ids: not combined with ${given.join(', ')}`, { ids: `ids cannot be combined with ${given.join(', ')}` });
}

/** GET /api/scripts/{id} and /api/scripts/{id}/channels: one script and the channels before it. */
function scriptRoutes(app: FastifyInstance, { catalogue, cache }: Pick<PublicScriptRouteOptions, 'catalogue' | 'cache'>) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/api/scripts/:id',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: 'One script and what its loader fetches and does (analysis); counts a view (once per visitor per script per 24 hours, never for crawlers)',
        params: scriptIdParamsSchema,
        response: { 200: scriptDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const answer = (cached: CachedAnswer<unknown>): void => {
        if (isNullAnswer(cached)) throw notFound('Script not found');
        catalogue.recordView(id, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return sendPublicJson(request, reply, cached.json);
      };
      const hit = cache.get<unknown>(`script:${id}`);
      if (hit) return answer(hit);
      return catalogue.scriptAnswer(id).then(answer);
    },
  );

  route.get(
    '/api/scripts/:id/channels',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: 'Channels a visitor must join before the script shows',
        params: scriptIdParamsSchema,
        response: { 200: z.array(channelSchema), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const channels = await catalogue.channelsAnswer(request.params.id);
      if (isNullAnswer(channels)) throw notFound('Script not found');
      sendPublicJson(request, reply, channels.json);
      return reply;
    },
  );
}

/** GET /api/site-channels: the site-wide subscribe page's channels. */
function siteChannelRoute(app: FastifyInstance, { siteChannels }: Pick<PublicScriptRouteOptions, 'siteChannels'>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site-channels',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: 'Channels of the site-wide subscribe page',
        response: { 200: z.array(channelSchema) },
      },
    },
    async (request, reply) => {
      sendPublicJson(request, reply, (await siteChannels.listAnswer()).json);
      return reply;
    },
  );
}
