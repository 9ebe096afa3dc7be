import { z } from 'zod';
import { ChannelTextError, type ParsedChannel, parseChannelList } from './channels.ts';
import { GAME_LIMITS, KEY_LINK_MAX, SCRIPT_EXECUTORS_MAX, SCRIPT_LIMITS } from './constants.ts';
import { executorSlugSchema } from './executors.ts';
import { SCRIPT_TYPES_TEXT, scriptTypesFieldSchema } from './script-types.ts';
import { isHttpsUrl, withoutControls } from './text.ts';

const text = (label: string, max: number, lines: 'single' | 'multi') =>
  withoutControls(
    z
      // Left out: "<label> is required"; sent as another type: zod's own "expected string" message.
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : undefined) })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
    label,
    lines,
  );

/** The script form's text fields (docs/product.md#script-form); the panels' forms validate with this too. */
export const scriptFieldsSchema = z.object({
  playsname: text('Script Name', SCRIPT_LIMITS.playsnameMax, 'single'),
  description: text('Description', SCRIPT_LIMITS.descriptionMax, 'multi'),
  loadstring: text('Loadstring', SCRIPT_LIMITS.loadstringMax, 'multi'),
});
export type ScriptFields = z.infer<typeof scriptFieldsSchema>;

/** An edit may leave any field out, which keeps its current value. */
export const scriptFieldsPatchSchema = scriptFieldsSchema.partial();
export type ScriptFieldsPatch = z.infer<typeof scriptFieldsPatchSchema>;

/** The key page: an https: URL; blank means none. */
export const keyLinkSchema = withoutControls(
  z.string().trim().max(KEY_LINK_MAX, `Key link must be at most ${KEY_LINK_MAX} characters`),
  'Key link',
).refine((value) => value === '' || isHttpsUrl(value), 'Key link must be an https:// URL');

/** The game as staff type it: an existing game's name or slug, or a new name; blank means none. */
export const scriptGameSchema = withoutControls(
  z.string().trim().max(GAME_LIMITS.nameMax, `Game must be at most ${GAME_LIMITS.nameMax} characters`),
  'Game',
);

/**
 * The script's listing facts (game, universal, key system, patched, verified), as every form body
 * carries them. Left out: false or none on create, unchanged on edit. `verified` is the admin's only
 * (a moderator sending it gets 403). Blank game or key link: none.
 */
export interface ScriptFacts {
  game?: string | null | undefined;
  universal?: boolean | undefined;
  keySystem?: boolean | undefined;
  keyLink?: string | null | undefined;
  patched?: boolean | undefined;
  verified?: boolean | undefined;
}

const FACT_TEXT = {
  game: "The game's name or slug; a name no game has creates the game. Blank: none. A universal script has no game",
  universal: 'Works in any game',
  keySystem: 'Asks for a key before it runs',
  keyLink: 'The key page, an https:// URL, only with a key system; one on a blocked domain is refused, as a loader fetching from one is. Blank: none',
  patched: 'Known to no longer work',
  verified: 'Checked by the admin; admin only (a moderator sending it gets 403)',
} as const;

const jsonFacts = {
  game: scriptGameSchema.optional().describe(FACT_TEXT.game),
  universal: z.boolean().optional().describe(FACT_TEXT.universal),
  keySystem: z.boolean().optional().describe(FACT_TEXT.keySystem),
  keyLink: keyLinkSchema.optional().describe(FACT_TEXT.keyLink),
  patched: z.boolean().optional().describe(FACT_TEXT.patched),
  verified: z.boolean().optional().describe(FACT_TEXT.verified),
};

const formFlag = (name: string, text: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')
    .optional()
    .describe(text);

const multipartFacts = {
  ...jsonFacts,
  universal: formFlag('universal', FACT_TEXT.universal),
  keySystem: formFlag('keySystem', FACT_TEXT.keySystem),
  patched: formFlag('patched', FACT_TEXT.patched),
  verified: formFlag('verified', FACT_TEXT.verified),
};

/** Rules between the facts of one body (the rest, against the stored script, are the server's). */
function checkFacts(facts: ScriptFacts, context: IssueSink): ScriptFacts {
  const problem = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path], input: facts });
  if (facts.universal === true && facts.game) problem('A universal script has no game', 'game');
  if (facts.keySystem === false && facts.keyLink) problem('Key link needs a key system', 'keyLink');
  return {
    ...facts,
    ...(facts.game !== undefined ? { game: facts.game === '' ? null : facts.game } : {}),
    ...(facts.keyLink !== undefined ? { keyLink: facts.keyLink === '' ? null : facts.keyLink } : {}),
  };
}

type FactKey = keyof typeof jsonFacts;
/** The facts' field names, in the form's order: the staff form sends and the server reads exactly these. */
export const SCRIPT_FACT_KEYS = Object.keys(jsonFacts) as FactKey[];

/** Splits a parsed body into its facts (only those sent) and the rest. */
function splitFacts<T extends Record<string, unknown>>(body: T): { facts: ScriptFacts; rest: Omit<T, FactKey> } {
  const facts: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((SCRIPT_FACT_KEYS as string[]).includes(key)) {
      if (value !== undefined) facts[key] = value;
    } else rest[key] = value;
  }
  return { facts: facts as ScriptFacts, rest: rest as Omit<T, FactKey> };
}

// The whole form, as the create and edit calls take it (multipart/form-data or JSON). These schemas
// validate the body on the server and document it in OpenAPI; the channels text is parsed here too,
// so a body that passes is ready to store.

const CHANNELS_TEXT = `Channels a visitor must join first: @name, name, t.me/name or an https:// URL, several separated by commas; at most ${SCRIPT_LIMITS.channelsMax}`;
const IMAGE_TEXT = 'JPEG, PNG, WebP, GIF or AVIF, at most UPLOAD_MAX_BYTES (5 MB unless configured); recognised by its bytes, stored as WebP';

/** The channels text of a JSON body: one string, or an array of them. */
export const channelsTextSchema = z.union([z.string(), z.array(z.string())]);

/** Where a transform reports a problem: zod's refinement context. */
interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void;
}

/**
 * Parses the channels text once the text fields are valid (a transform runs only on a valid object,
 * so the text fields' problems are reported first). A channel's problem is a whole sentence
 * ("Channel "x" must use https://"): a custom issue, reported as it is. Left out: undefined.
 */
function parsedChannels(channels: string | string[] | undefined, context: IssueSink): ParsedChannel[] | undefined {
  if (channels === undefined) return undefined;
  const problem = (message: string) => {
    context.addIssue({ code: 'custom', message, path: ['channels'], input: channels });
    return z.NEVER;
  };
  let parsed: ParsedChannel[];
  try {
    parsed = parseChannelList(channels);
  } catch (error) {
    if (error instanceof ChannelTextError) return problem(error.message);
    throw error;
  }
  return parsed.length > SCRIPT_LIMITS.channelsMax ? problem(`At most ${SCRIPT_LIMITS.channelsMax} channels`) : parsed;
}

const jsonChannels = channelsTextSchema.optional().describe(`${CHANNELS_TEXT}. Left out: none on create, unchanged on edit`);
// Multipart parts of one name arrive as a list: the server collects `channels[]` (and `channels`) in order.
const multipartChannels = z
  .array(z.string())
  .optional()
  .describe(`${CHANNELS_TEXT}. Repeated parts; \`channels\` is accepted as the same name. Left out: none on create, unchanged on edit; one empty part on edit removes them all`);
const multipartImage = z.file().optional().describe(`${IMAGE_TEXT}. Left out or an empty file part: none on create, unchanged on edit`);

const EXECUTORS_TEXT = `The executors staff tested it with, by slug (GET /api/executors); at most ${SCRIPT_EXECUTORS_MAX}, none repeated; a slug no executor has is a 400 naming it`;

/** The executors a script was tested with (docs/decisions/0041-executor-writes-and-tested-marks.md#tested-marks-and-the-scripts-answer): slugs, each once. */
export const testedExecutorsSchema = z
  .array(executorSlugSchema, { error: 'executors must be a list of executor slugs' })
  .max(SCRIPT_EXECUTORS_MAX, `At most ${SCRIPT_EXECUTORS_MAX} executors`)
  .superRefine((slugs, context) => {
    const repeated = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
    if (repeated !== undefined) context.addIssue({ code: 'custom', message: `executors must not repeat: ${repeated} is named twice`, input: slugs });
  });

const jsonExecutors = testedExecutorsSchema.optional().describe(`${EXECUTORS_TEXT}. Left out: none on create, unchanged on edit; [] on edit removes them all`);
// Multipart parts are checked in the body's transform, so a fault is reported as `executors` like JSON's.
const multipartExecutors = z
  .array(z.string())
  .optional()
  .describe(`${EXECUTORS_TEXT}. Repeated parts; \`executors\` is accepted as the same name; empty parts are ignored. Left out: none on create, unchanged on edit; one empty part on edit removes them all`);

/**
 * The executors of a multipart body: empty parts name nothing (one empty part is how a form says
 * "none": a multi-select with nothing chosen sends no part at all), the rest as JSON's. Left out: undefined.
 */
function parsedExecutors(parts: string[] | undefined, context: IssueSink): string[] | undefined {
  if (parts === undefined) return undefined;
  const parsed = testedExecutorsSchema.safeParse(parts.filter((part) => part !== ''));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.code === 'custom' ? issue.message : `executors: ${issue?.message ?? 'is invalid'}`;
  context.addIssue({ code: 'custom', message, path: ['executors'], input: parts });
  return z.NEVER;
}

const jsonTypes = scriptTypesFieldSchema.optional().describe(`${SCRIPT_TYPES_TEXT}. Left out: none on create, unchanged on edit; [] on edit removes them all`);
const multipartTypes = z
  .array(z.string())
  .optional()
  .describe(`${SCRIPT_TYPES_TEXT}. Repeated parts; \`types\` is accepted as the same name; empty parts are ignored. Left out: none on create, unchanged on edit; one empty part on edit removes them all`);

/** The types of a multipart body: empty parts name nothing (one empty part says "none"), the rest as JSON's. Left out: undefined. */
function parsedTypes(parts: string[] | undefined, context: IssueSink): string[] | undefined {
  if (parts === undefined) return undefined;
  const parsed = scriptTypesFieldSchema.safeParse(parts.filter((part) => part !== ''));
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'types must be a list of script type slugs', path: ['types'], input: parts });
  return z.NEVER;
}

/** POST /api/m and /api/ac as JSON: the text fields, the channels, the facts and the tested executors; no image. */
export const scriptCreateJsonSchema = scriptFieldsSchema.extend({ channels: jsonChannels, executors: jsonExecutors, types: jsonTypes, ...jsonFacts }).transform((body, context) => {
  const { facts, rest } = splitFacts(body);
  const { channels, executors, types, ...fields } = rest;
  return { fields, facts: checkFacts(facts, context), channels: parsedChannels(channels, context) ?? [], executors: executors ?? [], types: types ?? [], image: undefined };
});

/** PATCH /api/update-script/{id} as JSON: any field left out keeps its value. */
export const scriptEditJsonSchema = scriptFieldsPatchSchema.extend({ channels: jsonChannels, executors: jsonExecutors, types: jsonTypes, ...jsonFacts }).transform((body, context) => {
  const { facts, rest } = splitFacts(body);
  const { channels, executors, types, ...fields } = rest;
  return { fields, facts: checkFacts(facts, context), channels: parsedChannels(channels, context), executors, types, image: undefined };
});

/** POST /api/m and /api/ac as multipart/form-data, the way the panels send it. */
export const scriptCreateMultipartSchema = scriptFieldsSchema
  .extend({ 'channels[]': multipartChannels, 'executors[]': multipartExecutors, 'types[]': multipartTypes, image: multipartImage, ...multipartFacts })
  .transform((body, context) => {
    const { facts, rest } = splitFacts(body);
    const { 'channels[]': channels, 'executors[]': executors, 'types[]': types, image, ...fields } = rest;
    return { fields, facts: checkFacts(facts, context), channels: parsedChannels(channels, context) ?? [], executors: parsedExecutors(executors, context) ?? [], types: parsedTypes(types, context) ?? [], image };
  });

/** PATCH /api/update-script/{id} as multipart/form-data. */
export const scriptEditMultipartSchema = scriptFieldsPatchSchema
  .extend({ 'channels[]': multipartChannels, 'executors[]': multipartExecutors, 'types[]': multipartTypes, image: multipartImage, ...multipartFacts })
  .transform((body, context) => {
    const { facts, rest } = splitFacts(body);
    const { 'channels[]': channels, 'executors[]': executors, 'types[]': types, image, ...fields } = rest;
    return { fields, facts: checkFacts(facts, context), channels: parsedChannels(channels, context), executors: parsedExecutors(executors, context), types: parsedTypes(types, context), image };
  });

export type ScriptCreateBody = z.output<typeof scriptCreateJsonSchema> | z.output<typeof scriptCreateMultipartSchema>;
export type ScriptEditBody = z.output<typeof scriptEditJsonSchema> | z.output<typeof scriptEditMultipartSchema>;
