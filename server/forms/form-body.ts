import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema.js';
import type { z } from 'zod';
import type { UploadedImage } from '../images/image-service.ts';
import type { ErrorText } from '../shared/error-texts.ts';
import { badRequest } from '../shared/errors.ts';

// What the staff forms (scripts, games) share once their multipart body is read (multipart.ts).

/** `schema.body` of a form route (scripts, games): one contract schema per content type, for validation and OpenAPI. */
export function formBody(json: z.ZodType, multipart: z.ZodType) {
  return { content: { 'multipart/form-data': { schema: multipart }, 'application/json': { schema: json } } };
}

/**
 * The route's schemaErrorFormatter. A body fault names every field at fault and leads with the first:
 * "<field>: <message>", or the message alone when it is already a sentence about the field (the
 * channels rule's custom issues: `Channel "x" must use https://`); a fault of the whole body is `form`.
 * Other parts (the id) get Fastify's usual error, which the errors plugin words as for every route.
 */
export function formErrors(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error {
  if (dataVar !== 'body') return new Error(`${dataVar}${errors[0]?.instancePath ?? ''} ${errors[0]?.message ?? 'is invalid'}`);
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of errors) {
    const field = issue.instancePath.split('/')[1] || 'form';
    const text = issue.message ?? 'is invalid';
    if (field in fields) continue;
    fields[field] = text;
    message ??= issue.keyword === 'custom' ? text : `${field}: ${text}`;
  }
  // zod's texts, which tests/api/api-errors-russian.test.ts finds in the catalogue by walking the schemas.
  return badRequest((message ?? 'Invalid form') as ErrorText, fields as Record<string, ErrorText>);
}

/** The image a form carried, as the image service takes it. */
export async function uploadedImage(file: File | undefined): Promise<UploadedImage | undefined> {
  if (!file) return undefined;
  return { bytes: Buffer.from(await file.arrayBuffer()), declaredType: file.type || undefined };
}
