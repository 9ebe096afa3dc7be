import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document and its UI at /api/docs, generated from the route schemas. */
export const openApiPlugin = fp(async (app: FastifyInstance, { siteName }: { siteName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${siteName} API`, version: '1.0.0', description: 'Public catalogue, moderator and admin API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
