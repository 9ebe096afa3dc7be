import { z } from 'zod';
import { withoutControls } from './text.ts';

/** POST /api/site-channels: a display name and an https:// link (docs/product.md#channels-text allows no other scheme). */
export const siteChannelInputSchema = z.object({
  name: withoutControls(z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(64, 'name must be at most 64 characters'), 'name'),
  url: withoutControls(z.string({ error: 'url is required' }).trim().max(2_000, 'url is too long'), 'url')
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, 'url must be an https:// link'),
});
export type SiteChannelInput = z.infer<typeof siteChannelInputSchema>;
