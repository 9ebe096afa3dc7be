import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/**
 * The SEO guide wholly English (`/en/seo`): the specification's copy, which is English already, in
 * British spelling, so only the word spelled otherwise is written here.
 */
// The third benefit is "Optimized Code" in the specification's copy.
const [free, updates, optimised, ...benefits] = spec.seo.benefits.items;

const seo = {
  ...spec.seo,
  benefits: {
    ...spec.seo.benefits,
    items: [free, updates, { ...optimised, title: 'Optimised Code' }, ...benefits],
  },
} satisfies Shape<typeof spec.seo>;

export const en = { ...spec, seo } satisfies Shape<typeof spec>;
