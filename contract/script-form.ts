import { z } from 'zod';
import { ChannelTextError, type ParsedChannel, parseChannelList } from './channels.ts';
import { SCRIPT_LIMITS } from './constants.ts';
import { withoutControls } from './text.ts';

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

/** POST /api/m and /api/ac as JSON: the text fields and the channels; no image. */
export const scriptCreateJsonSchema = scriptFieldsSchema
  .extend({ channels: jsonChannels })
  .transform(({ channels, ...fields }, context) => ({ fields, channels: parsedChannels(channels, context) ?? [], image: undefined }));

/** PATCH /api/update-script/{id} as JSON: any field left out keeps its value. */
export const scriptEditJsonSchema = scriptFieldsPatchSchema
  .extend({ channels: jsonChannels })
  .transform(({ channels, ...fields }, context) => ({ fields, channels: parsedChannels(channels, context), image: undefined }));

/** POST /api/m and /api/ac as multipart/form-data, the way the panels send it. */
export const scriptCreateMultipartSchema = scriptFieldsSchema
  .extend({ 'channels[]': multipartChannels, image: multipartImage })
  .transform(({ 'channels[]': channels, image, ...fields }, context) => ({ fields, channels: parsedChannels(channels, context) ?? [], image }));

/** PATCH /api/update-script/{id} as multipart/form-data. */
export const scriptEditMultipartSchema = scriptFieldsPatchSchema
  .extend({ 'channels[]': multipartChannels, image: multipartImage })
  .transform(({ 'channels[]': channels, image, ...fields }, context) => ({ fields, channels: parsedChannels(channels, context), image }));

export type ScriptCreateBody = z.output<typeof scriptCreateJsonSchema> | z.output<typeof scriptCreateMultipartSchema>;
export type ScriptEditBody = z.output<typeof scriptEditJsonSchema> | z.output<typeof scriptEditMultipartSchema>;
