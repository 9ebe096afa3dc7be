import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, malformed, payloadTooLarge } from '../shared/errors.ts';

/**
 * multipart/form-data, read whole and parsed by the WHATWG FormData parser built into Node (undici),
 * not by a streaming parser. Busboy, under @fastify/multipart, never finishes some bodies (a part
 * without Content-Disposition of 16–127 KB left the request unanswered and held shutdown), and a
 * script form is small: at most one image and a few text fields. Reading it whole bounds it twice,
 * by the body limit here and by the server's request timeout, and the parse itself cannot wait.
 */

export interface MultipartLimits {
  /** Largest accepted image; a larger file part is 413 naming its field. */
  maxFileBytes: number;
  /** Largest text value; a larger one is 413 naming its field. */
  maxFieldBytes: number;
  /** Parts of every kind; more is 413. */
  maxParts: number;
  /** File parts; more is 413. */
  maxFiles: number;
  /** The one name a file part may have ('image' unless said: the script form's). */
  fileField?: string;
}

export interface MultipartForm {
  fields: [name: string, value: string][];
  /** The file parts, checked against the limits; their bytes are read only by whoever uses them. */
  files: File[];
}

const MEDIA_TYPE = 'multipart/form-data';
/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY = /(?:^|;)\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;
/** Names that would reach an object's prototype if a form were ever spread into one. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith(MEDIA_TYPE);
}

/** Lets multipart bodies into this plugin scope, buffered up to room for an oversized image. */
export function acceptMultipart(app: FastifyInstance, limits: MultipartLimits): void {
  // Twice the image limit: an image somewhat over it still arrives whole, so its 413 can name the field.
  const bodyLimit = 2 * limits.maxFileBytes + limits.maxParts * limits.maxFieldBytes;
  app.addContentTypeParser(MEDIA_TYPE, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
}

export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = request.headers['content-type'] ?? '';
  if (!BOUNDARY.test(contentType)) throw malformed('multipart/form-data needs a boundary of 1 to 70 characters');
  let entries: [string, FormDataEntryValue][];
  try {
    const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
    entries = [...(await new Response(body, { headers: { 'content-type': contentType } }).formData()).entries()];
  } catch {
    throw malformed('Malformed multipart/form-data body');
  }
  if (entries.length > limits.maxParts) throw payloadTooLarge(`At most ${limits.maxParts} form fields`);
  const form: MultipartForm = { fields: [], files: [] };
  for (const [name, value] of entries) {
    if (FORBIDDEN_NAMES.has(name)) throw malformed(`Form field name ${name} is not allowed`);
    if (typeof value === 'string') form.fields.push([name, checkedField(name, value, limits)]);
    else form.files.push(checkedFile(name, value, limits, form.files.length));
  }
  return form;
}

function checkedField(name: string, value: string, limits: MultipartLimits): string {
  if (Buffer.byteLength(value) > limits.maxFieldBytes) throw payloadTooLarge(`${name} is too large`, { [name]: 'Too large' });
  return value;
}

function checkedFile(name: string, file: File, limits: MultipartLimits, filesSoFar: number): File {
  if (filesSoFar >= limits.maxFiles) throw payloadTooLarge(`At most ${limits.maxFiles} file may be sent`);
  if (file.size > limits.maxFileBytes) {
    const megabytes = Math.floor(limits.maxFileBytes / 1024 / 1024);
    throw payloadTooLarge(`Image must be at most ${megabytes} MB`, { [name]: 'File is too large' });
  }
  if (name !== (limits.fileField ?? 'image')) throw badRequest(`Unexpected file field ${name}`, { [name]: 'Unexpected file' });
  return file;
}
