import { type Channel, SCRIPT_LIMITS, scriptFieldsPatchSchema, scriptFieldsSchema } from '../../../../contract/index.ts';
import { messages } from '../../../messages/staff.ts';
import { type FieldErrors, zodFieldErrors } from '../lib/errors.ts';

/** The admin script modal's fields (SPEC.md sections 2 and 3; DESIGN.md 2.4 adds Channels). */
export interface ScriptFormValues {
  playsname: string;
  description: string;
  loadstring: string;
  /** Comma-separated channels text. */
  channels: string;
  image: File | null;
}

export type ScriptField = keyof ScriptFormValues;
export const SCRIPT_FIELDS: readonly ScriptField[] = ['playsname', 'description', 'loadstring', 'channels', 'image'];

export type ScriptFormMode = { kind: 'create' } | { kind: 'edit'; id: number; channels: Channel[] };

/** A channel as the admin would type it: `@name` for a plain Telegram handle, else its URL. */
export function channelToText(channel: Channel): string {
  return channel.url === `https://t.me/${channel.name}` ? `@${channel.name}` : channel.url;
}

export function channelsToText(channels: Channel[]): string {
  return channels.map(channelToText).join(', ');
}

/** SPEC.md section 5: split on commas, trimmed, empty entries dropped. */
export function splitChannels(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function initialValues(script?: { playsname: string; description: string; loadstring: string; channels: Channel[] }): ScriptFormValues {
  return {
    playsname: script?.playsname ?? '',
    description: script?.description ?? '',
    loadstring: script?.loadstring ?? '',
    channels: script ? channelsToText(script.channels) : '',
    image: null,
  };
}

/** The non-blank text fields; blank ones are left out of a submission (SPEC.md section 5). */
function filledText(values: ScriptFormValues) {
  const fields: Partial<Record<'playsname' | 'description' | 'loadstring', string>> = {};
  for (const key of ['playsname', 'description', 'loadstring'] as const) {
    const value = values[key].trim();
    if (value !== '') fields[key] = value;
  }
  return fields;
}

/**
 * Validates with the contract's schemas, the server's own: scriptFieldsSchema on create (all three
 * text fields required), scriptFieldsPatchSchema on edit (a blank field is left out and keeps its value).
 */
export function validateScriptForm(mode: ScriptFormMode, values: ScriptFormValues): FieldErrors<ScriptField> {
  const schema = mode.kind === 'create' ? scriptFieldsSchema : scriptFieldsPatchSchema;
  const parsed = schema.safeParse(filledText(values));
  const errors: FieldErrors<ScriptField> = parsed.success ? {} : zodFieldErrors<ScriptField>(parsed.error);
  if (splitChannels(values.channels).length > SCRIPT_LIMITS.channelsMax) {
    errors.channels = `At most ${SCRIPT_LIMITS.channelsMax} channels`;
  }
  // The server reads the bytes; a file the browser cannot call an image is refused here already.
  if (values.image && values.image.type !== '' && !values.image.type.startsWith('image/')) {
    errors.image = messages.admin.scripts.form.imagesOnly;
  }
  return errors;
}

/**
 * The multipart body of POST /api/ac or PATCH /api/update-script/{id}. Blank values are left out.
 * On edit, channels are sent only when their text changed: sending them replaces the script's channels
 * (new ids, which would reset visitors' per-script subscription flags), and a cleared text is sent as
 * one empty `channels[]`, which removes them all.
 */
export function toFormData(mode: ScriptFormMode, values: ScriptFormValues): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(filledText(values))) form.append(key, value);
  const channels = splitChannels(values.channels);
  if (mode.kind === 'create') {
    for (const channel of channels) form.append('channels[]', channel);
  } else if (channels.join(',') !== splitChannels(channelsToText(mode.channels)).join(',')) {
    if (channels.length === 0) form.append('channels[]', '');
    for (const channel of channels) form.append('channels[]', channel);
  }
  if (values.image) form.append('image', values.image);
  return form;
}

/** SPEC.md: the table's description is cut to 100 characters plus an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
