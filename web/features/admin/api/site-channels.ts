import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { channelSchema, type SiteChannelInput } from '../../../../contract/index.ts';
import { apiRequest, roleRequest } from '../../staff/api/client.ts';
import { useListMutation } from '../../staff/api/mutation.ts';

/** The /subscribe list (docs/product.md#site-channels): a short list, read whole from the public endpoint. */
export function getSiteChannels(signal?: AbortSignal) {
  return apiRequest('/api/site-channels', { schema: z.array(channelSchema), signal });
}

export const siteChannelKeys = { all: ['admin', 'site-channels'] as const };

export function siteChannelsQueryOptions() {
  return queryOptions({ queryKey: siteChannelKeys.all, queryFn: ({ signal }) => getSiteChannels(signal) });
}

export function useSiteChannels() {
  return useQuery(siteChannelsQueryOptions());
}

export function addSiteChannel(input: SiteChannelInput) {
  return roleRequest('admin', '/api/site-channels', { method: 'POST', body: input, schema: channelSchema });
}

export function deleteSiteChannel(id: number) {
  return roleRequest('admin', `/api/site-channels/${id}`, { method: 'DELETE' });
}

export const useAddSiteChannel = () => useListMutation(siteChannelKeys.all, addSiteChannel);
export const useDeleteSiteChannel = () => useListMutation(siteChannelKeys.all, deleteSiteChannel);
