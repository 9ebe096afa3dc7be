import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockedDomainInputSchema, blockedDomainListSchema, blockedDomainSchema, deletedSchema, errorBodySchema, idParamsSchema } from '../../contract/index.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { DomainService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

/** GET, POST /api/blocked-domains and DELETE /api/blocked-domains/{id}: the admin's domain lists (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains). */
export async function domainRoutes(app: FastifyInstance, { domains, guards, idempotency }: { domains: DomainService; guards: Guards; idempotency: Idempotency }) {
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/api/blocked-domains',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['admin'], summary: 'The blocked and trusted domains, by domain', security: bearer, response: { 200: blockedDomainListSchema, ...errors } },
    },
    async () => domains.list(),
  );

  route.post(
    '/api/blocked-domains',
    {
      // The guard runs before the body is validated: a caller the route does not let in is 401/403 whatever it sent.
      preValidation: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Adds a domain (subdomains included): blocked, a loader fetching from it is not saved (400); trusted, the code it serves is information only. 409 when it is already listed',
        security: bearer,
        headers: idempotencyHeaders,
        body: blockedDomainInputSchema,
        response: { 201: blockedDomainSchema, ...errors, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, (claim) => domains.add(request.body.domain, request.body.trusted, principal, claim?.within));
    },
  );

  route.delete(
    '/api/blocked-domains/:id',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['admin'], summary: 'Removes a domain from the list', security: bearer, params: idParamsSchema, response: { 200: deletedSchema, ...errors } },
    },
    async (request) => {
      await domains.delete(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
