import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedSchema,
  errorBodySchema,
  executorCreateSchema,
  executorDetailSchema,
  executorEditSchema,
  executorListSchema,
  executorSchema,
  executorSlugParamsSchema,
  idParamsSchema,
} from '../../contract/index.ts';
import { notFound } from '../shared/errors.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import { sendPublicJson } from '../cache/conditional.ts';
import { isNullAnswer } from '../cache/public-cache.ts';
import type { ExecutorService } from './service.ts';
import { PUBLIC } from '../policies/access.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const writeErrors = { ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
/** An executor is a few short fields: anything near this is no executor. */
const EXECUTOR_BODY_LIMIT = 16 * 1024;

/** GET /api/executors and /api/executors/{slug} (public; docs/decisions/0039-executors-and-compatibility.md). */
export async function publicExecutorRoutes(app: FastifyInstance, { executors }: { executors: ExecutorService }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/executors',
    { config: PUBLIC, schema: { tags: ['public'], summary: 'Every executor with its platforms and status: working first, then by name', response: { 200: executorListSchema } } },
    // The cached JSON as it is: no serialising per request.
    (request, reply) => executors.listAnswer().then((answer) => sendPublicJson(request, reply, answer.json)),
  );

  route.get(
    '/api/executors/:slug',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: 'One executor and how many public scripts work on it and were tested with it',
        params: executorSlugParamsSchema,
        response: { 200: executorDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) =>
      executors.detailAnswer(request.params.slug).then((answer) => {
        if (isNullAnswer(answer)) throw notFound('Executor not found');
        sendPublicJson(request, reply, answer.json);
      }),
  );
}

/** POST /api/executors, PATCH and DELETE /api/executors/{id}: the admin's executor management. */
export async function executorAdminRoutes(app: FastifyInstance, { executors, guards, idempotency }: { executors: ExecutorService; guards: Guards; idempotency: Idempotency }) {
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/executors',
    {
      bodyLimit: EXECUTOR_BODY_LIMIT,
      // The guard runs before the body is validated: a caller the route does not let in is 401/403 whatever it sent.
      preValidation: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Creates an executor; its slug comes from the name when left out (409 when another executor has it)',
        security: bearer,
        headers: idempotencyHeaders,
        body: executorCreateSchema,
        response: { 201: executorSchema, ...writeErrors, 422: errorBodySchema },
      },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, (claim) => executors.create(request.body, principal, claim?.within));
    },
  );

  route.patch(
    '/api/executors/:id',
    {
      bodyLimit: EXECUTOR_BODY_LIMIT,
      preValidation: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edits an executor; fields left out keep their values (the slug too); statusChangedAt moves when the status does',
        security: bearer,
        params: idParamsSchema,
        body: executorEditSchema,
        response: { 200: executorSchema, ...writeErrors },
      },
    },
    async (request) => executors.update(request.params.id, request.body, principalOf(request)),
  );

  route.delete(
    '/api/executors/:id',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deletes an executor with its compatibility data; the platforms of the scripts that had it are made again',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      await executors.delete(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
