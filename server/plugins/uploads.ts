import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../shared/errors.ts';
import type { DatabaseImageStorage } from '../images/database-storage.ts';
import { UPLOADS_PREFIX } from '../images/urls.ts';
import { publicScope } from '../policies/access.ts';

/** Stored images are named by content hash, so they never change and cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const RENDITION_FILE = /^([a-f0-9]{16,64})(-card)?\.webp$/;

export type UploadsSource = { kind: 'disk'; dir: string } | { kind: 'database'; storage: DatabaseImageStorage };

/** Serves the stored renditions at the same URLs, from the uploads folder or from the database. */
export async function uploadsPlugin(app: FastifyInstance, { source }: { source: UploadsSource }) {
  // The stored images are the public pages' images: anyone may fetch them.
  publicScope(app);
  if (source.kind === 'disk') {
    fs.mkdirSync(source.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: source.dir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: true,
      immutable: true,
      maxAge: '365d',
    });
    return;
  }
  const { storage } = source;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${UPLOADS_PREFIX}:file`,
    {
      // Bytes, not JSON: no response schema; a miss is the usual { error, code } 404.
      schema: { hide: true, params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      const match = RENDITION_FILE.exec(request.params.file);
      const key = match?.[1];
      const bytes = key ? await storage.read(key, match?.[2] ? 'card' : 'detail') : undefined;
      if (!bytes) throw notFound('Image not found');
      // The name is the content's hash: the file name itself is a strong validator.
      const etag = `"${request.params.file}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(bytes);
    },
  );
}
