import { z } from 'zod';
import { SCRIPT_LIMITS } from './constants.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

/** The script form's text fields (SPEC.md section 5); the panels' forms validate with this too. */
export const scriptFieldsSchema = z.object({
  playsname: text('Script Name', SCRIPT_LIMITS.playsnameMax),
  description: text('Description', SCRIPT_LIMITS.descriptionMax),
  loadstring: text('Loadstring', SCRIPT_LIMITS.loadstringMax),
});
export type ScriptFields = z.infer<typeof scriptFieldsSchema>;

/** An edit may leave any field out, which keeps its current value. */
export const scriptFieldsPatchSchema = scriptFieldsSchema.partial();
export type ScriptFieldsPatch = z.infer<typeof scriptFieldsPatchSchema>;
