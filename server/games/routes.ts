import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  deletedSchema,
  errorBodySchema,
  gameCreateJsonSchema,
  gameCreateMultipartSchema,
  gameEditJsonSchema,
  gameEditMultipartSchema,
  gameListSchema,
  gameSchema,
  idParamsSchema,
} from '../../contract/index.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import { sendPublicJson } from '../cache/conditional.ts';
import { acceptMultipart } from '../forms/multipart.ts';
import { formBody, formErrors, uploadedImage } from '../forms/form-body.ts';
import type { GameService } from './service.ts';
import { gameFormLimits, readGameForm } from './form.ts';
import { PUBLIC } from '../policies/access.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const writeErrors = { ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

type CreateBody = z.output<typeof gameCreateJsonSchema> & { icon?: File };
type EditBody = z.output<typeof gameEditJsonSchema> & { icon?: File; removeIcon?: 'true' | 'false' };

/** GET /api/games (public). */
export async function publicGameRoutes(app: FastifyInstance, { games }: { games: GameService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/games',
    { config: PUBLIC, schema: { tags: ['public'], summary: 'Every game with its icon and how many scripts are for it, most scripts first', response: { 200: gameListSchema } } },
    // The cached JSON as it is: no serialising per request.
    (request, reply) => games.listAnswer().then((answer) => sendPublicJson(request, reply, answer.json)),
  );
}

/** POST /api/games, PATCH and DELETE /api/games/{id}: the admin's game management (docs/decisions/0013-games-and-script-facts.md#games). */
export async function gameAdminRoutes(
  app: FastifyInstance,
  { games, uploadMaxBytes, guards, idempotency }: { games: GameService; uploadMaxBytes: number; guards: Guards; idempotency: Idempotency },
) {
  const limits = gameFormLimits(uploadMaxBytes);
  // Multipart bodies (the icon) are accepted in this scope only.
  acceptMultipart(app, limits);
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the body is read, so a caller the route does not let in is 401/403 whatever it sent.
  const preValidation = [guards.requireAdmin, readGameForm(limits)];

  route.post(
    '/api/games',
    {
      preValidation,
      schemaErrorFormatter: formErrors,
      schema: {
        tags: ['admin'],
        summary: 'Creates a game (name unique in any case: 409 otherwise); its slug comes from the name',
        security: bearer,
        headers: idempotencyHeaders,
        body: formBody(gameCreateJsonSchema, gameCreateMultipartSchema),
        response: { 201: gameSchema, ...writeErrors, 422: errorBodySchema },
      },
    },
    async (request: FastifyRequest, reply) => {
      const body = request.body as CreateBody;
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, async (claim) =>
        games.create({ name: body.name, placeId: body.placeId, icon: await uploadedImage(body.icon) }, principal, claim?.within),
      );
    },
  );

  route.patch(
    '/api/games/:id',
    {
      preValidation,
      schemaErrorFormatter: formErrors,
      schema: {
        tags: ['admin'],
        summary: 'Edits a game; fields left out keep their values, the slug stays as it is',
        security: bearer,
        params: idParamsSchema,
        body: formBody(gameEditJsonSchema, gameEditMultipartSchema),
        response: { 200: gameSchema, ...writeErrors },
      },
    },
    async (request) => {
      const body = request.body as EditBody;
      return games.update(request.params.id, {
        name: body.name,
        placeId: body.placeId,
        icon: await uploadedImage(body.icon),
        removeIcon: body.removeIcon === 'true',
      }, principalOf(request));
    },
  );

  route.delete(
    '/api/games/:id',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: ['admin'], summary: 'Deletes a game; its scripts stay, without a game', security: bearer, params: idParamsSchema, response: { 200: deletedSchema, ...errors } },
    },
    async (request) => {
      await games.delete(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
