import type { FastifyRequest, FastifySchemaValidationError, preValidationAsyncHookHandler } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { badRequest, unsupportedMediaType } from '../errors.ts';
import type { UploadedImage } from '../images/image-service.ts';
import { isMultipart, type MultipartLimits, readMultipart } from './multipart.ts';

// The script form (create and edit) is validated by its contract schemas (contract/script-form.ts),
// one per content type, as the route's `schema.body`. What is left here: turning a multipart body
// into the object its schema checks, and answering a failure the way this form always has.

const TEXT_FIELDS = new Set(['playsname', 'description', 'loadstring']);
/** The facts (contract/script-form.ts ScriptFacts) as text parts; the multipart schema parses the flags. */
const FACT_FIELDS = new Set(['game', 'universal', 'keySystem', 'keyLink', 'patched', 'verified']);
const CHANNEL_FIELDS = new Set(['channels', 'channels[]']);
const FORM_TYPES = 'multipart/form-data or application/json';

/** Multipart limits of the script form: one image plus the text fields and channels. */
export function scriptFormLimits(maxImageBytes: number): MultipartLimits {
  return { maxFileBytes: maxImageBytes, maxFieldBytes: 128 * 1024, maxParts: 50, maxFiles: 1 };
}

/** A multipart script form as the object its schema validates: the last value of each text field and fact, every channel part in order, the image. */
export interface MultipartScriptForm {
  playsname?: string;
  description?: string;
  loadstring?: string;
  game?: string;
  universal?: string;
  keySystem?: string;
  keyLink?: string;
  patched?: string;
  verified?: string;
  'channels[]'?: string[];
  image?: File;
}

type SingleField = Exclude<keyof MultipartScriptForm, 'channels[]' | 'image'>;

/**
 * preValidation, after the guard: reads a multipart body (the format of docs/product.md#script-form:
 * text fields, the facts, repeated channels[] or channels, one image file) into a MultipartScriptForm, so the
 * multipart schema can check it; a JSON body is checked as it is. Any other body, or none, is 415: the
 * form has exactly these two types.
 */
export function readScriptForm(limits: MultipartLimits): preValidationAsyncHookHandler {
  return async function scriptForm(request: FastifyRequest) {
    if (!isMultipart(request)) {
      if (request.mediaType !== 'application/json') throw unsupportedMediaType(`A script form is sent as ${FORM_TYPES}`);
      return;
    }
    const { fields, files } = await readMultipart(request, limits);
    const form: MultipartScriptForm = {};
    for (const [name, value] of fields) {
      if (CHANNEL_FIELDS.has(name)) (form['channels[]'] ??= []).push(value);
      else if (TEXT_FIELDS.has(name) || FACT_FIELDS.has(name)) form[name as SingleField] = value;
    }
    // Browsers send an empty file part when no file was chosen.
    const image = files.find((file) => file.size > 0);
    if (image) form.image = image;
    request.body = form;
  };
}

/** `schema.body` of a script form route: one contract schema per content type, for validation and OpenAPI. */
export function scriptFormBody(json: z.ZodType, multipart: z.ZodType) {
  return { content: { 'multipart/form-data': { schema: multipart }, 'application/json': { schema: json } } };
}

/**
 * The route's schemaErrorFormatter. A body fault names every field at fault and leads with the first:
 * "<field>: <message>", or the message alone when it is already a sentence about the field (the
 * channels rule's custom issues: `Channel "x" must use https://`); a fault of the whole body is `form`.
 * Other parts (the id) get Fastify's usual error, which the errors plugin words as for every route.
 */
export function scriptFormErrors(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error {
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
  return badRequest(message ?? 'Invalid form', fields);
}

/** The image a form carried, as the image service takes it. */
export async function uploadedImage(file: File | undefined): Promise<UploadedImage | undefined> {
  if (!file) return undefined;
  return { bytes: Buffer.from(await file.arrayBuffer()), declaredType: file.type || undefined };
}
