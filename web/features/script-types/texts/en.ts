import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/** The script types' pages, wholly English (`/en/…`): the specification's texts of them are English already. */
export const en: Shape<typeof spec> = spec;
