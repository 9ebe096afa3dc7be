import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCRIPT_LIMITS, scriptFieldsPatchSchema, scriptFieldsSchema } from '../../contract/index.ts';
import { ChannelTextError, type ParsedChannel, parseChannelList } from '../channels/channel-text.ts';
import { AppError, badRequest, malformed, payloadTooLarge } from '../errors.ts';
import type { UploadedImage } from '../images/image-service.ts';

export interface RawScriptForm {
  fields: Record<string, string>;
  /** undefined: the field was not sent (keep current channels on edit). */
  channels: string[] | undefined;
  image: UploadedImage | undefined;
}

const TEXT_FIELDS = new Set(['playsname', 'description', 'loadstring']);
const CHANNEL_FIELDS = new Set(['channels', 'channels[]']);

/**
 * Reads a script form from multipart (SPEC.md's format: text fields, repeated channels[], one
 * image file) or from JSON. The image is buffered up to the upload limit; beyond it, 413.
 */
export async function readScriptForm(request: FastifyRequest, maxImageBytes: number): Promise<RawScriptForm> {
  if (!request.isMultipart()) return fromJson(request.body);
  const form: RawScriptForm = { fields: {}, channels: undefined, image: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await readFile(part, maxImageBytes);
        if (part.fieldname !== 'image') throw badRequest(`Unexpected file field ${part.fieldname}`, { [part.fieldname]: 'Unexpected file' });
        // Browsers send an empty file part when no file was chosen.
        if (bytes.length > 0) form.image = { bytes, declaredType: part.mimetype };
        continue;
      }
      if (part.valueTruncated) {
        throw payloadTooLarge(`${part.fieldname} is too large`, { [part.fieldname]: 'Too large' });
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      if (CHANNEL_FIELDS.has(part.fieldname)) (form.channels ??= []).push(value);
      else if (TEXT_FIELDS.has(part.fieldname)) form.fields[part.fieldname] = value;
    }
  } catch (error) {
    // The multipart parser's own errors for a broken body carry no status: they are the client's fault.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw malformed('Malformed multipart/form-data body');
  }
  return form;
}

async function readFile(part: MultipartFile, maxImageBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const megabytes = Math.floor(maxImageBytes / 1024 / 1024);
      throw payloadTooLarge(`Image must be at most ${megabytes} MB`, { [part.fieldname]: 'File is too large' });
    }
    throw error;
  }
}

const jsonFormSchema = z.object({
  playsname: z.string().optional(),
  description: z.string().optional(),
  loadstring: z.string().optional(),
  channels: z.union([z.string(), z.array(z.string())]).optional(),
});

function fromJson(body: unknown): RawScriptForm {
  const parsed = jsonFormSchema.safeParse(body ?? {});
  if (!parsed.success) fieldErrors(parsed.error);
  const { channels, ...fields } = parsed.data;
  const text = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { fields: text, channels: channels === undefined ? undefined : [channels].flat(), image: undefined };
}

function fieldErrors(error: z.ZodError): never {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  const [field, message] = Object.entries(fields)[0] ?? ['form', 'Invalid form'];
  throw badRequest(`${field}: ${message}`, fields);
}

export function parseChannels(channels: string[] | undefined): ParsedChannel[] | undefined {
  if (channels === undefined) return undefined;
  let parsed: ParsedChannel[];
  try {
    parsed = parseChannelList(channels);
  } catch (error) {
    if (error instanceof ChannelTextError) throw badRequest(error.message, { channels: error.message });
    throw error;
  }
  if (parsed.length > SCRIPT_LIMITS.channelsMax) {
    throw badRequest(`At most ${SCRIPT_LIMITS.channelsMax} channels`, { channels: `At most ${SCRIPT_LIMITS.channelsMax} channels` });
  }
  return parsed;
}

export function validateNewScript(form: RawScriptForm) {
  const parsed = scriptFieldsSchema.safeParse(form.fields);
  if (!parsed.success) fieldErrors(parsed.error);
  return { fields: parsed.data, channels: parseChannels(form.channels) ?? [] };
}

export function validateScriptPatch(form: RawScriptForm) {
  const parsed = scriptFieldsPatchSchema.safeParse(form.fields);
  if (!parsed.success) fieldErrors(parsed.error);
  return { fields: parsed.data, channels: parseChannels(form.channels) };
}
