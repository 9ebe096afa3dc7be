import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { publicScope } from '../policies/access.ts';

type Transform = typeof jsonSchemaTransform;
type ContentBody = { content: Record<string, { schema: unknown }> };
const hasContent = (body: unknown): body is ContentBody => typeof body === 'object' && body !== null && 'content' in body;

/**
 * jsonSchemaTransform, plus bodies with one zod schema per content type (`body: { content: { type:
 * { schema } } }`, the script form's), which it leaves unconverted: each is converted as a body of its own.
 */
const transform: Transform = (document) => {
  const body: unknown = document.schema?.body;
  if (!hasContent(body)) return jsonSchemaTransform(document);
  const { body: _body, ...schema } = document.schema;
  const result = jsonSchemaTransform({ ...document, schema });
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, entry]) => [type, { schema: jsonSchemaTransform({ ...document, schema: { body: entry.schema } }).schema.body }]),
  );
  return { ...result, schema: { ...result.schema, body: { content } } };
};

/** The OpenAPI document and its UI at /api/docs, generated from the route schemas. */
export const openApiPlugin = fp(async (app: FastifyInstance, { siteName }: { siteName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${siteName} API`, version: '1.0.0', description: 'Public catalogue, moderator and admin API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      tags: [
        {
          name: 'v1',
          description:
            'The integrator API (/api/v1): a stable shape for in-game script hubs, bots and other sites. Its fields keep their names, types and meanings; new ones may be added. Any origin may read it (CORS); every answer has a strong ETag (If-None-Match → 304). See docs/integrators.md.',
        },
      ],
    },
    transform,
    // The named schemas (`.meta({ id })`) as components, which the operations' $refs point at.
    transformObject: jsonSchemaTransformObject,
  });
  // The document and its UI, in a scope of their own: anyone may read them.
  await app.register(async (scope) => {
    publicScope(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
