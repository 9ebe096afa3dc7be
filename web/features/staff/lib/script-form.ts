import { z } from 'zod';
import { type Channel, SCRIPT_LIMITS, type StaffScript } from '../../../../contract/index.ts';
import { scriptFieldsSchema } from '../../../../contract/script-form.ts';
import { splitChannels } from './text.ts';

/**
 * The script form of both panels, create and edit: the contract's scriptFieldsSchema (the server's
 * own rules) plus what only the browser holds, the channels text and the chosen image.
 */
export const scriptFormSchema = scriptFieldsSchema.extend({
  channels: z
    .string()
    .transform(splitChannels)
    .pipe(z.array(z.string()).max(SCRIPT_LIMITS.channelsMax, `At most ${SCRIPT_LIMITS.channelsMax} channels`)),
  image: z.instanceof(Blob).nullable(),
});

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
export const SCRIPT_FIELD_IDS: Record<ScriptField, string> = {
  playsname: 'script-playsname',
  description: 'script-description',
  loadstring: 'script-loadstring',
  channels: 'script-channels',
  image: 'script-image',
};

/** The script being edited, or none for a new one: the contract's staff script, as far as the form reads it. */
export type EditedScript = Pick<StaffScript, 'id' | 'playsname' | 'description' | 'loadstring' | 'image' | 'imageCard' | 'channels'>;

/** The image types the server accepts (it checks the bytes; the browser checks the type and that it decodes). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export function isAcceptedImageType(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** A channel as staff would type it: `@name` for a plain Telegram handle, else its URL. */
export function channelToText(channel: Channel): string {
  return channel.url === `https://t.me/${channel.name}` ? `@${channel.name}` : channel.url;
}

export function initialValues(script?: EditedScript): ScriptFormValues {
  return {
    playsname: script?.playsname ?? '',
    description: script?.description ?? '',
    loadstring: script?.loadstring ?? '',
    channels: script ? script.channels.map(channelToText).join(', ') : '',
    image: null,
  };
}

/**
 * The multipart body of a create or an edit: trimmed text fields (blank ones left out), channels as
 * repeated `channels[]`, the image if one was chosen. An edit sends channels only when the list
 * changed: sending them replaces the script's channels (new ids, which would reset visitors'
 * per-script subscription flags); a list emptied on edit goes as one empty `channels[]`, which
 * removes them all.
 */
export function toFormData(values: ScriptFormValues, edited?: Pick<EditedScript, 'channels'>): FormData {
  const form = new FormData();
  for (const key of ['playsname', 'description', 'loadstring'] as const) {
    const value = values[key].trim();
    if (value !== '') form.append(key, value);
  }
  const channels = splitChannels(values.channels);
  const unchanged = edited !== undefined && channels.join(',') === splitChannels(edited.channels.map(channelToText).join(',')).join(',');
  if (!unchanged) {
    if (edited && channels.length === 0) form.append('channels[]', '');
    for (const channel of channels) form.append('channels[]', channel);
  }
  if (values.image) form.append('image', values.image);
  return form;
}
