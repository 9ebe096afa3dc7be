import { z } from 'zod';
import { withoutControls } from './text.ts';

/** The longest domain name DNS allows. */
export const DOMAIN_MAX = 253;

/** Letters, digits and hyphens in labels joined by dots; at least two labels, the last with a letter (no address). */
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain as the list keeps it and the loader analysis names hosts (contract/loader-analysis.ts):
 * lower case, without `www.` or a final dot.
 */
export function foldDomain(text: string): string {
  return text.trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
}

/** A domain the admin types: folded, then a plain domain name (no scheme, path, port or address). */
export const domainSchema = withoutControls(z.string({ error: 'domain is required' }).max(DOMAIN_MAX, `domain must be at most ${DOMAIN_MAX} characters`), 'domain')
  .transform(foldDomain)
  .refine((domain) => DOMAIN_PATTERN.test(domain), 'domain must be a domain name such as example.com (no https://, path or port)');

/** POST /api/blocked-domains (no component name: its input and output shapes differ, the domain folded). */
export const blockedDomainInputSchema = z.object({
  domain: domainSchema.describe('The domain; its subdomains count too'),
  trusted: z.boolean({ error: 'trusted must be true or false' }).default(false).describe('true: trusted (its code is information only); false: blocked'),
});
export type BlockedDomainInput = z.input<typeof blockedDomainInputSchema>;

export const blockedDomainSchema = z
  .object({
    id: z.number().int(),
    domain: z.string().describe('Lower case, without www.'),
    trusted: z.boolean().describe('true: trusted; false: blocked (a loader fetching from it is not saved)'),
    createdAt: z.string().describe('ISO 8601 timestamp'),
  })
  .meta({ id: 'BlockedDomain' });
export type BlockedDomain = z.infer<typeof blockedDomainSchema>;

export const blockedDomainListSchema = z.array(blockedDomainSchema).meta({ id: 'BlockedDomainList' });

/** Whether a host is the domain or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
