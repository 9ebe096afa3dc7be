import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  scriptIdParamsSchema,
  scriptVersionSchema,
  scriptVersionSummarySchema,
  staffScriptSchema,
  staffScriptVersionSummarySchema,
  versionParamsSchema,
  versionsQuerySchema,
} from '../../contract/index.ts';
import { type CachedAnswer, isNullAnswer } from '../cache/public-cache.ts';
import { sendPublicJson } from '../cache/conditional.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import type { ErrorText } from '../shared/error-texts.ts';
import { notFound } from '../shared/errors.ts';
import type { VersionService } from './versions-service.ts';
import { PUBLIC } from '../policies/access.ts';

const errors = { 400: errorBodySchema, 404: errorBodySchema } as const;
const staffErrors = { ...errors, 401: errorBodySchema, 403: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

/** GET /api/scripts/{id}/versions and /api/scripts/{id}/versions/{version}: a script's loader history (docs/product.md#public-calls). */
export async function publicVersionRoutes(app: FastifyInstance, { versions }: { versions: VersionService }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const send = (missing: ErrorText) => (request: Parameters<typeof sendPublicJson>[0], reply: Parameters<typeof sendPublicJson>[1]) => (cached: CachedAnswer<unknown>) => {
    if (isNullAnswer(cached)) throw notFound(missing);
    sendPublicJson(request, reply, cached.json);
    return reply;
  };
  route.get(
    '/api/scripts/:id/versions',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: "The script's loader versions, newest first: what each update changed in the analysis (findings and hosts added and removed)",
        params: scriptIdParamsSchema,
        querystring: versionsQuerySchema,
        response: { 200: z.array(scriptVersionSummarySchema), ...errors },
      },
    },
    async (request, reply) => send('Script not found')(request, reply)(await versions.pageAnswer(request.params.id, request.query.limit, request.query.offset)),
  );
  route.get(
    '/api/scripts/:id/versions/:version',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: "One loader version: its text and stored analysis (the site's trusted domains applied); sent to anyone, as the script's own loader is",
        params: versionParamsSchema,
        response: { 200: scriptVersionSchema, ...errors },
      },
    },
    async (request, reply) => send('Version not found')(request, reply)(await versions.versionAnswer(request.params.id, request.params.version)),
  );
}

/** The staff's history of a script they manage, with who saved each version, and the restore of one (docs/product.md#moderator-calls). */
export async function staffVersionRoutes(app: FastifyInstance, { versions, guards, idempotency }: { versions: VersionService; guards: Guards; idempotency: Idempotency }) {
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/staff/scripts/:id/versions',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['moderator', 'admin'],
        summary: "A script's loader versions with who saved each, newest first (the admin any script's, a moderator its own; another's is 404)",
        security: bearer,
        params: scriptIdParamsSchema,
        querystring: versionsQuerySchema,
        response: { 200: z.array(staffScriptVersionSummarySchema), ...staffErrors },
      },
    },
    (request) => versions.staffPage(principalOf(request), request.params.id, request.query.limit, request.query.offset),
  );
  route.post(
    '/api/staff/scripts/:id/versions/:version/restore',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['moderator', 'admin'],
        summary: "Saves a version's loader as a new version, as an edit of the loader: the blocked domains, the analysis and the moderation log apply",
        security: bearer,
        headers: idempotencyHeaders,
        params: versionParamsSchema,
        response: { 200: staffScriptSchema, ...staffErrors, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 200 }, (claim) => versions.restore(principal, request.params.id, request.params.version, claim?.within));
    },
  );
}
