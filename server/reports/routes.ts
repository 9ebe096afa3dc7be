import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  reportCreatedSchema,
  reportDecisionSchema,
  reportIdParamsSchema,
  reportInputSchema,
  reportListQuerySchema,
  reportPageSchema,
  reportSchema,
  scriptIdParamsSchema,
  visibilityInputSchema,
  visibilitySchema,
} from '../../contract/index.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { VisibilityService } from '../scripts/visibility-service.ts';
import type { ReportService } from './service.ts';
import { PUBLIC } from '../policies/access.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
/** A report is a reason and at most 1,000 characters: anything near this is no report. */
const REPORT_BODY_LIMIT = 16 * 1024;

/** POST /api/scripts/{id}/reports: anyone with a browser (docs/product.md#reports). */
export async function publicReportRoutes(app: FastifyInstance, { reports }: { reports: ReportService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/scripts/:id/reports',
    {
      config: PUBLIC,
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags: ['public'],
        summary: 'Reports a script (a reason and optional details); at most 5 per visitor an hour; crawlers and clients without a User-Agent are refused',
        params: scriptIdParamsSchema,
        body: reportInputSchema,
        response: { 201: reportCreatedSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const visitor = { ip: request.ip, userAgent: request.headers['user-agent'] };
      return reply.code(201).send(await reports.report(request.params.id, request.body, visitor));
    },
  );
}

/** The review queue and hiding: GET /api/reports, PATCH /api/reports/{id}, POST /api/scripts/{id}/visibility. */
export async function staffReportRoutes(app: FastifyInstance, { reports, visibility, guards }: { reports: ReportService; visibility: VisibilityService; guards: Guards }) {
  app.addHook('onRequest', noStore);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/api/reports',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['admin', 'moderator'],
        summary: 'Reports, newest first: the admin’s all, a moderator’s those on its own scripts; filtered by state and reason',
        security: bearer,
        querystring: reportListQuerySchema,
        response: { 200: reportPageSchema, ...errors },
      },
    },
    async (request) => reports.page(principalOf(request), request.query),
  );

  route.patch(
    '/api/reports/:id',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['admin', 'moderator'],
        summary: 'Decides an open report: dismiss, hide or delete the script; every open report of the script is resolved with it',
        security: bearer,
        params: reportIdParamsSchema,
        body: reportDecisionSchema,
        response: { 200: reportSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => reports.decide(principalOf(request), request.params.id, request.body.action),
  );

  route.post(
    '/api/scripts/:id/visibility',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['admin', 'moderator'],
        summary: 'Hides a script from the public site (404 on every public path) or shows it again; the admin any script, a moderator its own',
        security: bearer,
        params: scriptIdParamsSchema,
        body: visibilityInputSchema,
        response: { 200: visibilitySchema, ...errors },
      },
    },
    async (request) => visibility.set(principalOf(request), request.params.id, request.body.hidden),
  );
}
