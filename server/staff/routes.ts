import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginSchema,
  createModeratorSchema,
  deletedSchema,
  errorBodySchema,
  idParamsSchema,
  moderatorLoginSchema,
  moderatorSchema,
  moderatorStatusSchema,
  staffListQuerySchema,
  tokenAnswerSchema,
} from '../../contract/index.ts';
import { unauthorized } from '../shared/errors.ts';
import { type Idempotency, idempotencyHeaders } from '../plugins/idempotency.ts';
import { keyScope } from '../policies/policies.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { AuthService } from './auth-service.ts';
import type { ModeratorService } from './moderator-service.ts';
import { PUBLIC } from '../policies/access.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

interface StaffRouteOptions {
  auth: AuthService;
  moderators: ModeratorService;
  guards: Guards;
  idempotency: Idempotency;
}

/** Logins, logout, the moderator's status check and the admin's moderator management. */
export async function staffRoutes(app: FastifyInstance, options: StaffRouteOptions) {
  // Logins, tokens and staff data: never kept by a browser or a shared cache.
  app.addHook('onRequest', noStore);
  // Registered in this order: the OpenAPI document lists them so.
  loginRoutes(app, options);
  sessionRoutes(app, options);
  moderatorAccountRoutes(app, options);
}

/** POST /api/login (moderator) and /api/al (admin): a token for a name and password. */
function loginRoutes(app: FastifyInstance, { auth }: Pick<StaffRouteOptions, 'auth'>) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/login',
    {
      config: PUBLIC,
      schema: {
        tags: ['moderator'],
        summary: 'Moderator login',
        body: moderatorLoginSchema,
        response: { 200: tokenAnswerSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => auth.login('moderator', request.body.UserName, request.body.Password, request.ip),
  );

  route.post(
    '/api/al',
    {
      config: PUBLIC,
      schema: {
        tags: ['admin'],
        summary: 'Admin login',
        body: adminLoginSchema,
        response: { 200: tokenAnswerSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => auth.login('admin', request.body.username, request.body.password, request.ip),
  );
}

/** POST /api/logout and GET /api/m/check-status: a live token's end and its moderator's status. */
function sessionRoutes(app: FastifyInstance, { auth, moderators, guards }: StaffRouteOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/api/logout',
    {
      preHandler: guards.requireStaff,
      schema: { tags: ['moderator', 'admin'], summary: "Revokes the caller's token", security: bearer, response: { 200: z.object({ ok: z.literal(true) }), 401: errorBodySchema } },
    },
    async (request) => {
      if (request.bearerToken) await auth.logout(request.bearerToken, principalOf(request));
      return { ok: true as const };
    },
  );

  route.get(
    '/api/m/check-status',
    {
      preHandler: guards.requireModerator,
      schema: { tags: ['moderator'], summary: 'Answers while the moderator account lives; 401 after', security: bearer, response: { 200: moderatorStatusSchema, ...errors } },
    },
    async (request) => {
      const principal = principalOf(request);
      const status = principal.role === 'moderator' ? await moderators.status(principal.moderatorId) : undefined;
      if (!status) throw unauthorized('Account deleted or deactivated');
      return status;
    },
  );
}

/** The admin's moderator accounts: list, create, delete. */
function moderatorAccountRoutes(app: FastifyInstance, { moderators, guards, idempotency }: Pick<StaffRouteOptions, 'moderators' | 'guards' | 'idempotency'>) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/api/moderators',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Moderators: an array, or a page with limit/offset/q',
        security: bearer,
        querystring: staffListQuerySchema,
        response: { 200: z.union([z.array(moderatorSchema), z.object({ items: z.array(moderatorSchema), total: z.number().int() })]), ...errors },
      },
    },
    async (request) => {
      const { limit, offset, q } = request.query;
      if (limit === undefined && offset === undefined && q === undefined) return moderators.list();
      return moderators.page({ limit: limit ?? 10, offset: offset ?? 0, q });
    },
  );

  route.post(
    '/api/createModerator',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Creates a moderator (username unique regardless of case)',
        security: bearer,
        headers: idempotencyHeaders,
        body: createModeratorSchema,
        response: { 201: moderatorSchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    (request, reply) => {
      const principal = principalOf(request);
      return idempotency.answer(request, reply, { scope: keyScope(principal), status: 201 }, (claim) => moderators.create(request.body, principal, claim?.within));
    },
  );

  route.delete(
    '/api/delete-moderator/:id',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a moderator: its sessions end at once, its scripts pass to the admin',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      await moderators.delete(request.params.id, principalOf(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
