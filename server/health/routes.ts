import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/index.ts';
import { ping } from '../db/database.ts';
import { serviceUnavailable } from '../shared/errors.ts';
import type { Db } from '../db/database.ts';
import { PUBLIC } from '../policies/access.ts';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: PUBLIC,
      schema: {
        tags: ['operations'],
        summary: 'Answers 200 while the database answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }), 503: errorBodySchema },
      },
    },
    async () => {
      try {
        await ping(db);
      } catch {
        throw serviceUnavailable('Database unavailable');
      }
      return { status: 'ok' as const, database: db.dialect };
    },
  );
}
