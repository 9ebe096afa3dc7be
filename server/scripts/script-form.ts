import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { SCRIPT_FACT_KEYS } from '../../contract/index.ts';
import { isMultipart, type MultipartLimits, readMultipart } from '../forms/multipart.ts';
import { unsupportedMediaType } from '../shared/errors.ts';

// The script form (create and edit) is validated by its contract schemas (contract/script-form.ts),
// one per content type, as the route's `schema.body`. What is left here: turning a multipart body
// into the object its schema checks, and answering a failure the way this form always has.

const TEXT_FIELDS = new Set(['playsname', 'description', 'loadstring']);
/** The facts (contract/script-form.ts ScriptFacts) as text parts; the multipart schema parses the flags. */
const FACT_FIELDS = new Set<string>(SCRIPT_FACT_KEYS);
const CHANNEL_FIELDS = new Set(['channels', 'channels[]']);
const EXECUTOR_FIELDS = new Set(['executors', 'executors[]']);
const TYPE_FIELDS = new Set(['types', 'types[]']);
const FORM_TYPES = 'multipart/form-data or application/json';

/** Multipart limits of the script form: one image plus the text fields, facts, channels and executors. */
export function scriptFormLimits(maxImageBytes: number): MultipartLimits {
  return { maxFileBytes: maxImageBytes, maxFieldBytes: 128 * 1024, maxParts: 50, maxFiles: 1 };
}

/** A multipart script form as the object its schema validates: the last value of each text field and fact, every channel and executor part in order, the image. */
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
  'executors[]'?: string[];
  'types[]'?: string[];
  image?: File;
}

type SingleField = Exclude<keyof MultipartScriptForm, 'channels[]' | 'executors[]' | 'types[]' | 'image'>;

/**
 * preValidation, after the guard: reads a multipart body (the format of docs/product.md#script-form:
 * text fields, the facts, repeated channels[] or channels, repeated executors[] or executors, repeated types[] or types, one image file) into a MultipartScriptForm, so the
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
      else if (EXECUTOR_FIELDS.has(name)) (form['executors[]'] ??= []).push(value);
      else if (TYPE_FIELDS.has(name)) (form['types[]'] ??= []).push(value);
      else if (TEXT_FIELDS.has(name) || FACT_FIELDS.has(name)) form[name as SingleField] = value;
    }
    // Browsers send an empty file part when no file was chosen.
    const image = files.find((file) => file.size > 0);
    if (image) form.image = image;
    request.body = form;
  };
}
