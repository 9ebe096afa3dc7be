import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BlockedDomainInput, blockedDomainListSchema, blockedDomainSchema } from '../../../../contract/domains.ts';
import { roleRequest } from '../../staff/api/client.ts';
import { useListMutation } from '../../staff/api/mutation.ts';

/** The admin's blocked and trusted domains (docs/product.md#admin-domains): a short list, read whole. */
export function getDomains(signal?: AbortSignal) {
  return roleRequest('admin', '/api/blocked-domains', { schema: blockedDomainListSchema, signal });
}

export const domainKeys = { all: ['admin', 'domains'] as const };

export function domainsQueryOptions() {
  return queryOptions({ queryKey: domainKeys.all, queryFn: ({ signal }) => getDomains(signal) });
}

export function useDomains() {
  return useQuery(domainsQueryOptions());
}

export function addDomain(input: BlockedDomainInput) {
  return roleRequest('admin', '/api/blocked-domains', { method: 'POST', body: input, schema: blockedDomainSchema });
}

export function deleteDomain(id: number) {
  return roleRequest('admin', `/api/blocked-domains/${id}`, { method: 'DELETE' });
}

export const useAddDomain = () => useListMutation(domainKeys.all, addDomain);
export const useDeleteDomain = () => useListMutation(domainKeys.all, deleteDomain);
