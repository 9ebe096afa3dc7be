import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedSchema,
  errorBodySchema,
  idParamsSchema,
  scriptTypeCreateSchema,
  scriptTypeDetailSchema,
  scriptTypeEditSchema,
  scriptTypeListSchema,
  scriptTypeSchema,
  scriptTypeSlugParamsSchema,
} from '../../contract/index.ts';
import { notFound } from '../shared/errors.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import { sendPublicJson } from '../cache/conditional.ts';
import { isNullAnswer } from '../cache/public-cache.ts';
import { PUBLIC } from '../policies/access.ts';
import type { ScriptTypeService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const writeErrors = { ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
/** A type is a few short names: anything near this is no type. */
const TYPE_BODY_LIMIT = 8 * 1024;

/** GET /api/types and /api/types/{slug} (public; docs/decisions/0063-script-types.md). */
export async function publicScriptTypeRoutes(app: FastifyInstance, { types }: { types: ScriptTypeService }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/types',
    { config: PUBLIC, schema: { tags: ['public'], summary: 'Every script type, in its order', response: { 200: scriptTypeListSchema } } },
    (request, reply) => types.listAnswer().then((answer) => sendPublicJson(request, reply, answer.json)),
  );
  route.get(
    '/api/types/:slug',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: 'One script type and how many public scripts have it',
        params: scriptTypeSlugParamsSchema,
        response: { 200: scriptTypeDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) =>
      types.detailAnswer(request.params.slug).then((answer) => {
        if (isNullAnswer(answer)) throw notFound('Script type not found');
        sendPublicJson(request, reply, answer.json);
      }),
  );
}

/** POST /api/types, PATCH and DELETE /api/types/{id}: the admin's script types. */
export async function scriptTypeAdminRoutes(app: FastifyInstance, { types, guards, idempotency }: { types: ScriptTypeService; guards: Guards; idempotency: Idempotency }) {
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/api/types',
    {
      bodyLimit: TYPE_BODY_LIMIT,
      // The guard runs before the body is validated: a caller the route does not let in is 401/403 whatever it sent.
      preValidation: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Creates a script type; its slug comes from the name when left out (409 when another type has it)',
        security: bearer,
        headers: idempotencyHeaders,
        body: scriptTypeCreateSchema,
        response: { 201: scriptTypeSchema, ...writeErrors, 422: errorBodySchema },
      },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, (claim) => types.create(request.body, principal, claim?.within));
    },
  );
  route.patch(
    '/api/types/:id',
    {
      bodyLimit: TYPE_BODY_LIMIT,
      preValidation: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edits a script type; fields left out keep their values',
        security: bearer,
        params: idParamsSchema,
        body: scriptTypeEditSchema,
        response: { 200: scriptTypeSchema, ...writeErrors },
      },
    },
    async (request) => types.update(request.params.id, request.body, principalOf(request)),
  );
  route.delete(
    '/api/types/:id',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['admin'], summary: 'Deletes a script type; its scripts lose it', security: bearer, params: idParamsSchema, response: { 200: deletedSchema, ...errors } },
    },
    async (request) => {
      await types.delete(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
