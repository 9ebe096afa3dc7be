import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/** What a loader does, wholly English: the specification's texts of it are English already. */
export const en: Shape<typeof spec> = spec;
