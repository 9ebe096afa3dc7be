import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { unsupportedMediaType } from '../shared/errors.ts';
import { isMultipart, type MultipartLimits, readMultipart } from '../forms/multipart.ts';

const TEXT_FIELDS = new Set(['name', 'placeId', 'removeIcon']);

/** Multipart limits of the games form: one icon and three short fields. */
export function gameFormLimits(maxImageBytes: number): MultipartLimits {
  return { maxFileBytes: maxImageBytes, maxFieldBytes: 4 * 1024, maxParts: 10, maxFiles: 1, fileField: 'icon' };
}

/**
 * preValidation, after the guard: a multipart games form becomes the object its contract schema checks
 * (the last value of each text field, the icon when a file was chosen); JSON is checked as it is; any
 * other body is 415.
 */
export function readGameForm(limits: MultipartLimits): preValidationAsyncHookHandler {
  return async function gameForm(request: FastifyRequest) {
    if (!isMultipart(request)) {
      if (request.mediaType !== 'application/json') throw unsupportedMediaType('A game is sent as multipart/form-data or application/json');
      return;
    }
    const { fields, files } = await readMultipart(request, limits);
    const form: Record<string, string | File> = {};
    for (const [name, value] of fields) if (TEXT_FIELDS.has(name)) form[name] = value;
    // Browsers send an empty file part when no file was chosen.
    const icon = files.find((file) => file.size > 0);
    if (icon) form.icon = icon;
    request.body = form;
  };
}
