import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCRIPT_LIMITS, scriptFieldsPatchSchema, scriptFieldsSchema } from '../../contract/index.ts';
import { ChannelTextError, type ParsedChannel, parseChannelList } from '../channels/channel-text.ts';
import { badRequest } from '../errors.ts';
import type { UploadedImage } from '../images/image-service.ts';
import { isMultipart, type MultipartLimits, readMultipart } from './multipart.ts';

export interface RawScriptForm {
  fields: Record<string, string>;
  /** undefined: the field was not sent (keep current channels on edit). */
  channels: string[] | undefined;
  image: UploadedImage | undefined;
}

const TEXT_FIELDS = new Set(['playsname', 'description', 'loadstring']);
const CHANNEL_FIELDS = new Set(['channels', 'channels[]']);

/** Multipart limits of the script form: one image plus the text fields and channels. */
export function scriptFormLimits(maxImageBytes: number): MultipartLimits {
  return { maxFileBytes: maxImageBytes, maxFieldBytes: 128 * 1024, maxParts: 50, maxFiles: 1 };
}

/**
 * Reads a script form from multipart (the format of docs/product.md#script-form: text fields, repeated
 * channels[], one image file) or from JSON.
 */
export async function readScriptForm(request: FastifyRequest, limits: MultipartLimits): Promise<RawScriptForm> {
  if (!isMultipart(request)) return fromJson(request.body);
  const { fields, files } = await readMultipart(request, limits);
  const form: RawScriptForm = { fields: {}, channels: undefined, image: undefined };
  for (const [name, value] of fields) {
    if (CHANNEL_FIELDS.has(name)) (form.channels ??= []).push(value);
    else if (TEXT_FIELDS.has(name)) form.fields[name] = value;
  }
  // Browsers send an empty file part when no file was chosen.
  const image = files.find((file) => file.bytes.length > 0);
  if (image) form.image = { bytes: image.bytes, declaredType: image.declaredType };
  return form;
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
