import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/** The /favourites page, wholly English (`/en/…`): the specification's texts of them are English already. */
export const en: Shape<typeof spec> = spec;
