import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema, errorBodySchema, idParamsSchema, staffListQuerySchema, staffScriptSchema } from '../../contract/index.ts';
import { type Guards, principalOf } from '../plugins/auth.ts';
import { noStore } from '../plugins/security.ts';
import type { Services } from '../services.ts';
import { acceptMultipart } from './multipart.ts';
import { readScriptForm, scriptFormLimits, validateNewScript, validateScriptPatch } from './script-form.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
const listAnswer = z.union([z.array(staffScriptSchema), z.object({ items: z.array(staffScriptSchema), total: z.number().int() })]);
const formNote =
  'multipart/form-data: playsname, description, loadstring (text), channels[] (repeated; @name, name, t.me/name or https URL), image (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB). JSON with the same text fields is accepted too.';

/** The moderator's own-script calls and the admin's all-script calls (docs/product.md#moderator-calls, docs/product.md#admin-calls). */
export async function staffScriptRoutes(app: FastifyInstance, { services, guards }: { services: Services; guards: Guards }) {
  const { staffScripts } = services;
  // Multipart bodies are accepted in this scope only: no other route takes a form.
  const formLimits = scriptFormLimits(services.config.uploadMaxBytes);
  acceptMultipart(app, formLimits);
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();

  const list = (path: string, guard: preHandlerAsyncHookHandler, tag: string) =>
    route.get(
      path,
      {
        preHandler: guard,
        schema: { tags: [tag], summary: 'Scripts the caller manages: an array, or a page with limit/offset/q', security: bearer, querystring: staffListQuerySchema, response: { 200: listAnswer, ...errors } },
      },
      async (request) => {
        const { limit, offset, q } = request.query;
        const principal = principalOf(request);
        if (limit === undefined && offset === undefined && q === undefined) return staffScripts.list(principal);
        return staffScripts.page(principal, { limit: limit ?? 10, offset: offset ?? 0, q });
      },
    );

  const create = (path: string, guard: preHandlerAsyncHookHandler, tag: string) =>
    route.post(
      path,
      { preHandler: guard, schema: { tags: [tag], summary: 'Creates a script', description: formNote, security: bearer, consumes: ['multipart/form-data', 'application/json'], response: { 201: staffScriptSchema, ...uploadErrors } } },
      async (request: FastifyRequest, reply) => {
        const form = await readScriptForm(request, formLimits);
        const { fields, channels } = validateNewScript(form);
        return reply.code(201).send(await staffScripts.create(principalOf(request), { fields, channels, image: form.image }));
      },
    );

  const remove = (path: string, guard: preHandlerAsyncHookHandler, tag: string) =>
    route.delete(
      path,
      { preHandler: guard, schema: { tags: [tag], summary: 'Deletes a script the caller manages (another moderator’s is 404)', security: bearer, params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
      async (request) => {
        await staffScripts.delete(principalOf(request), request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );

  list('/api/m/scripts', guards.requireModerator, 'moderator');
  create('/api/m', guards.requireModerator, 'moderator');
  remove('/api/m/:id', guards.requireModerator, 'moderator');

  list('/api/scripts', guards.requireAdmin, 'admin');
  create('/api/ac', guards.requireAdmin, 'admin');
  remove('/api/ad/:id', guards.requireAdmin, 'admin');

  route.patch(
    '/api/update-script/:id',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edits a script; absent fields, image and channels keep their current values',
        description: formNote,
        security: bearer,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        response: { 200: staffScriptSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readScriptForm(request, formLimits);
      const { fields, channels } = validateScriptPatch(form);
      return staffScripts.update(principalOf(request), request.params.id, { fields, channels, image: form.image });
    },
  );
}
