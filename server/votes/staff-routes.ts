import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../contract/index.ts';
import { type Guards, principalOf } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import { markWorking, type WorksCheckDeps } from './works-checks.ts';

const bearer = [{ bearer: [] }];
const checkedSchema = z.object({ id: z.number().int(), worksChecked: z.literal(true) }).meta({ id: 'WorksChecked' });

/**
 * POST /api/scripts/{id}/works-checked: staff say the script works (the admin any script, a moderator its
 * own), so only "doesn't work" votes set after now can mark it May be patched (docs/decisions/0020-votes.md#may-be-patched).
 */
export async function worksCheckedRoutes(app: FastifyInstance, { guards, ...services }: WorksCheckDeps & { guards: Guards }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', noStore);
  route.post(
    '/api/scripts/:id/works-checked',
    {
      preHandler: guards.requireStaff,
      schema: {
        tags: ['moderator', 'admin'],
        summary: 'Marks a script working: its earlier "does not work" votes no longer count (another moderator’s script is 404)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: checkedSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await markWorking(services, principalOf(request), request.params.id);
      return { id: request.params.id, worksChecked: true as const };
    },
  );
}
