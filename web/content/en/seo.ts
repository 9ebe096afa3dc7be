import type { Shape } from '../../i18n/shape.ts';
import { seo as spec } from '../seo.ts';

/**
 * The SEO guide wholly English (`/en/seo`): the specification's copy, which is English already, in
 * British spelling, so only the word spelled otherwise is written here.
 */
// The third benefit is "Optimized Code" in the specification's copy.
const [free, updates, optimised, ...benefits] = spec.benefits.items;

export const seo = {
  ...spec,
  benefits: {
    ...spec.benefits,
    items: [free, updates, { ...optimised, title: 'Optimised Code' }, ...benefits],
  },
} satisfies Shape<typeof spec>;
