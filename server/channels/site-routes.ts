import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelSchema, deletedSchema, errorBodySchema, idParamsSchema, siteChannelInputSchema } from '../../contract/index.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { SiteChannelService } from './site-channels.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

/** The admin's editing of the /subscribe list; GET /api/site-channels stays public. */
export async function siteChannelAdminRoutes(app: FastifyInstance, { siteChannels, guards, idempotency }: { siteChannels: SiteChannelService; guards: Guards; idempotency: Idempotency }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  // Logins, tokens and staff data: never kept by a browser or a shared cache.
  app.addHook('onRequest', noStore);

  route.post(
    '/api/site-channels',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['admin'], summary: 'Adds a site channel', security: bearer, headers: idempotencyHeaders, body: siteChannelInputSchema, response: { 201: channelSchema, ...errors, 409: errorBodySchema, 422: errorBodySchema } },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, (claim) => siteChannels.add(request.body, principal, claim?.within));
    },
  );

  route.delete(
    '/api/site-channels/:id',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], summary: 'Removes a site channel', security: bearer, params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await siteChannels.remove(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
