import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminInsightsSchema, errorBodySchema, moderatorInsightsSchema } from '../../contract/index.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { InsightsService } from './service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema } as const;
const bearer = [{ bearer: [] }];

/** GET /api/insights/overview (admin) and /api/insights/views (staff): the dashboards' figures (docs/decisions/0014-insights-and-empty-searches.md#insights). */
export async function insightsRoutes(app: FastifyInstance, { insights, guards }: { insights: InsightsService; guards: Guards }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', noStore);

  route.get(
    '/api/insights/overview',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The admin overview: views and new scripts per day (30 days), top scripts and searches that found nothing (7 days)',
        security: bearer,
        response: { 200: adminInsightsSchema, ...errors },
      },
    },
    async () => insights.overview(),
  );

  route.get(
    '/api/insights/views',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['moderator', 'admin'],
        summary: "Views per day (30 days) of the caller's scripts: a moderator's own, the admin's all",
        security: bearer,
        response: { 200: moderatorInsightsSchema, ...errors },
      },
    },
    async (request) => insights.views(principalOf(request)),
  );
}
