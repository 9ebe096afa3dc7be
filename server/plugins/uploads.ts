import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../images/urls.ts';

/** Stored images are named by content hash, so they never change and cache for a year. */
export async function uploadsPlugin(app: FastifyInstance, { uploadsDir }: { uploadsDir: string }) {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: true,
    immutable: true,
    maxAge: '365d',
  });
}
