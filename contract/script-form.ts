import { z } from 'zod';
import { SCRIPT_LIMITS } from './constants.ts';
import { withoutControls } from './text.ts';

const text = (label: string, max: number, lines: 'single' | 'multi') =>
  withoutControls(
    z
      .string({ error: `${label} is required` })
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
