import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedSchema,
  errorBodySchema,
  idParamsSchema,
  type ScriptCreateBody,
  scriptCreateJsonSchema,
  scriptCreateMultipartSchema,
  type ScriptEditBody,
  scriptEditJsonSchema,
  scriptEditMultipartSchema,
  staffListQuerySchema,
  staffScriptPageSchema,
  staffScriptSchema,
} from '../../contract/index.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { keyScope } from '../policies/policies.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { noStore } from '../plugins/security.ts';
import type { StaffScriptService } from './staff-service.ts';
import { acceptMultipart } from '../forms/multipart.ts';
import { formBody, formErrors, uploadedImage } from '../forms/form-body.ts';
import { readScriptForm, scriptFormLimits } from './script-form.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema } as const;
const createErrors = { ...uploadErrors, 409: errorBodySchema, 422: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
const listAnswer = z.union([z.array(staffScriptSchema), staffScriptPageSchema]);
const createBody = formBody(scriptCreateJsonSchema, scriptCreateMultipartSchema);
const editBody = formBody(scriptEditJsonSchema, scriptEditMultipartSchema);

/** A script's creation, once per `Idempotency-Key`: the body is validated and parsed by the schema of its content type. */
function createHandler(staffScripts: StaffScriptService, idempotency: Idempotency) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { fields, facts, channels, executors, types, image } = request.body as ScriptCreateBody;
    const principal = principalOf(request);
    return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, async (claim) =>
      staffScripts.create(principal, { fields, facts, channels, executors, types, image: await uploadedImage(image) }, claim?.within),
    );
  };
}

/** The moderator's own-script calls and the admin's all-script calls (docs/product.md#moderator-calls, docs/product.md#admin-calls). */
export async function staffScriptRoutes(
  app: FastifyInstance,
  { staffScripts, uploadMaxBytes, guards, idempotency }: { staffScripts: StaffScriptService; uploadMaxBytes: number; guards: Guards; idempotency: Idempotency },
) {
  // Multipart bodies are accepted in this scope only: no other route takes a form.
  const formLimits = scriptFormLimits(uploadMaxBytes);
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

  // The form's routes run the guard before the body is read (preValidation), so a caller the route
  // does not let in is 401/403 whatever it sent; then the contract schema of the body's type checks it.
  const readForm = readScriptForm(formLimits);
  const create = (path: string, guard: preHandlerAsyncHookHandler, tag: string) =>
    route.post(
      path,
      {
        preValidation: [guard, readForm],
        schemaErrorFormatter: formErrors,
        schema: { tags: [tag], summary: 'Creates a script', security: bearer, headers: idempotencyHeaders, body: createBody, response: { 201: staffScriptSchema, ...createErrors } },
      },
      createHandler(staffScripts, idempotency),
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
      preValidation: [guards.requireAdmin, readForm],
      schemaErrorFormatter: formErrors,
      schema: {
        tags: ['admin'],
        summary: 'Edits a script; absent fields, image, channels and executors keep their current values',
        security: bearer,
        params: idParamsSchema,
        body: editBody,
        response: { 200: staffScriptSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const { fields, facts, channels, executors, types, image } = request.body as ScriptEditBody;
      return staffScripts.update(principalOf(request), request.params.id, { fields, facts, channels, executors, types, image: await uploadedImage(image) });
    },
  );
}
