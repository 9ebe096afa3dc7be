import { z } from 'zod';
import { type Channel, SCRIPT_EXECUTORS_MAX, SCRIPT_LIMITS, SCRIPT_TYPE_LIMITS, type StaffScript } from '../../../../contract/index.ts';
import { keyLinkSchema, SCRIPT_FACT_KEYS, scriptFieldsSchema, scriptGameSchema } from '../../../../contract/script-form.ts';
import { splitChannels } from './text.ts';

/** The listing facts as the form holds them (docs/product.md#script-form). */
export interface FormFacts {
  /** A game's name (an existing one's, or a new one); blank: none. */
  game: string;
  universal: boolean;
  keySystem: boolean;
  /** Kept while the key system is off (switching it back restores it), but then neither checked nor sent. */
  keyLink: string;
  patched: boolean;
  /** The admin's only: the moderator's form never shows or sends it. */
  verified: boolean;
}

/** What the facts say once their rules apply: a universal script has no game; a key link only with a key system. */
export function effectiveFacts(facts: FormFacts): FormFacts {
  return { ...facts, game: facts.universal ? '' : facts.game.trim(), keyLink: facts.keySystem ? facts.keyLink.trim() : '' };
}

/**
 * The script form of both panels, create and edit: the contract's schemas (the server's own rules and
 * messages: scriptFieldsSchema, the game's and the key link's) plus what only the browser holds, the
 * channels text and the chosen image. Check a form with checkScriptForm, which applies the facts' rules first.
 */
export const scriptFormSchema = scriptFieldsSchema.extend({
  channels: z
    .string()
    .transform(splitChannels)
    .pipe(z.array(z.string()).max(SCRIPT_LIMITS.channelsMax, `At most ${SCRIPT_LIMITS.channelsMax} channels`)),
  image: z.instanceof(Blob).nullable(),
  game: scriptGameSchema,
  universal: z.boolean(),
  keySystem: z.boolean(),
  keyLink: keyLinkSchema,
  patched: z.boolean(),
  verified: z.boolean(),
  executors: z.array(z.string()).max(SCRIPT_EXECUTORS_MAX, `At most ${SCRIPT_EXECUTORS_MAX} executors`),
  types: z.array(z.string()).max(SCRIPT_TYPE_LIMITS.perScript, `At most ${SCRIPT_TYPE_LIMITS.perScript} types`),
});

/** The form's values checked as they will be sent: a hidden key link or a universal script's game is not checked. */
export function checkScriptForm(values: ScriptFormValues) {
  return scriptFormSchema.safeParse({ ...values, ...effectiveFacts(values) });
}

export interface ScriptFormValues extends FormFacts {
  playsname: string;
  description: string;
  loadstring: string;
  /** Comma-separated channels text. */
  channels: string;
  image: File | null;
  /** The slugs of the executors staff tested the script with, in slug order. */
  executors: string[];
  /** The slugs of its script types, in the order chosen (docs/decisions/0063-script-types.md). */
  types: string[];
}

export type ScriptField = keyof ScriptFormValues;
/** The form's fields in the order they are shown (the first one with an error gets the focus). */
export const SCRIPT_FIELDS: readonly ScriptField[] = ['playsname', 'description', 'loadstring', 'game', 'universal', 'keySystem', 'keyLink', 'patched', 'verified', 'executors', 'types', 'channels', 'image'];
export const SCRIPT_FIELD_IDS: Record<ScriptField, string> = {
  playsname: 'script-playsname',
  description: 'script-description',
  loadstring: 'script-loadstring',
  game: 'script-game',
  universal: 'script-universal',
  keySystem: 'script-key-system',
  keyLink: 'script-key-link',
  patched: 'script-patched',
  verified: 'script-verified',
  executors: 'script-executors',
  types: 'script-types',
  channels: 'script-channels',
  image: 'script-image',
};

type FactFields = 'game' | 'universal' | 'keySystem' | 'keyLink' | 'patched' | 'verified';

/**
 * The script being edited, or none for a new one: the contract's staff script, as far as the form
 * reads it, with the slugs of the executors it was tested with (none when the answer leaves them out).
 */
export type EditedScript = Pick<StaffScript, 'id' | 'playsname' | 'description' | 'loadstring' | 'image' | 'imageCard' | 'channels' | FactFields> & { executors?: readonly string[]; types?: readonly string[] };

/** A set of executor slugs as the form holds and compares them: each once, in slug order. */
export function executorSet(slugs: readonly string[]): string[] {
  return [...new Set(slugs)].sort();
}

const NO_FACTS: FormFacts = { game: '', universal: false, keySystem: false, keyLink: '', patched: false, verified: false };

/** A stored script's facts as the form holds them. */
export function factsOf(script: Partial<Pick<EditedScript, FactFields>>): FormFacts {
  return {
    game: script.game?.name ?? '',
    universal: script.universal ?? false,
    keySystem: script.keySystem ?? false,
    keyLink: script.keyLink ?? '',
    patched: script.patched ?? false,
    verified: script.verified ?? false,
  };
}

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
    executors: executorSet(script?.executors ?? []),
    types: [...(script?.types ?? [])],
    ...(script ? factsOf(script) : NO_FACTS),
  };
}

/**
 * The multipart body of a create or an edit: trimmed text fields (blank ones left out), channels as
 * repeated `channels[]`, the image if one was chosen. An edit sends channels only when the list
 * changed: sending them replaces the script's channels (new ids, which would reset visitors'
 * per-script subscription flags); a list emptied on edit goes as one empty `channels[]`, which
 * removes them all. The facts go as the contract's multipart fields ('true'/'false', blank game or
 * key link: none), each only when it differs from the script's (on create: from none and false), so
 * a moderator's form never sends `verified`. The executors tested go as repeated `executors[]`, like
 * the channels: on create when there are any, on edit when the set changed, one empty part when an
 * edit removes them all; the types as repeated `types[]` the same way, in their order.
 */
export function toFormData(values: ScriptFormValues, edited?: Pick<EditedScript, 'channels' | 'executors' | 'types'> & Partial<Pick<EditedScript, FactFields>>): FormData {
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
  const facts = effectiveFacts(values);
  const before = edited ? factsOf(edited) : NO_FACTS;
  for (const key of SCRIPT_FACT_KEYS) if (facts[key] !== before[key]) form.append(key, String(facts[key]));
  appendExecutors(form, executorSet(values.executors), edited && executorSet(edited.executors ?? []));
  appendList(form, 'types[]', values.types, edited && [...(edited.types ?? [])]);
  if (values.image) form.append('image', values.image);
  return form;
}

function appendExecutors(form: FormData, executors: readonly string[], before: readonly string[] | undefined): void {
  appendList(form, 'executors[]', executors, before);
}

/** Slugs as repeated parts: on create when there are any, on edit when they changed (their order too), one empty part when an edit removes them all. */
function appendList(form: FormData, name: string, slugs: readonly string[], before: readonly string[] | undefined): void {
  if (before && slugs.join(',') === before.join(',')) return;
  if (before && slugs.length === 0) form.append(name, '');
  for (const slug of slugs) form.append(name, slug);
}
