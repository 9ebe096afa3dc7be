import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/** The game pages, wholly English (`/en/…`): the specification's texts of them are English already. */
export const en: Shape<typeof spec> = spec;
