import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, errorBodySchema } from '../../contract/index.ts';
import type { Guards } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { AuditLog } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;

/** The moderation log, read by the admin only; nothing in the product edits or deletes it. */
export async function auditRoutes(app: FastifyInstance, { audit, guards }: { audit: AuditLog; guards: Guards }) {
  app.addHook('onRequest', noStore);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-log',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The moderation log, newest first: every staff action with who, when, what, which object and what changed',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => audit.page(request.query),
  );
}
