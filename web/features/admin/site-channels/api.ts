import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { channelSchema, type SiteChannelInput } from '../../../../contract/index.ts';
import { apiRequest } from '../../staff/api/client.ts';
import { useAdminToken } from '../session.tsx';

/** The /subscribe list (DESIGN.md 2.6): a short list, read whole from the public endpoint. */
export function getSiteChannels(signal?: AbortSignal) {
  return apiRequest('/api/site-channels', { schema: z.array(channelSchema), signal });
}

export const siteChannelKeys = { all: ['admin', 'site-channels'] as const };

export function getSiteChannelsQueryOptions() {
  return queryOptions({ queryKey: siteChannelKeys.all, queryFn: ({ signal }) => getSiteChannels(signal) });
}

export function useSiteChannels() {
  return useQuery(getSiteChannelsQueryOptions());
}

export function addSiteChannel(token: string, input: SiteChannelInput) {
  return apiRequest('/api/site-channels', { method: 'POST', token, body: input, schema: channelSchema });
}

export function deleteSiteChannel(token: string, id: number) {
  return apiRequest(`/api/site-channels/${id}`, { method: 'DELETE', token });
}

export function useAddSiteChannel() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteChannelInput) => addSiteChannel(token, input),
    onSuccess: () => client.invalidateQueries({ queryKey: siteChannelKeys.all }),
  });
}

export function useDeleteSiteChannel() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSiteChannel(token, id),
    onSuccess: () => client.invalidateQueries({ queryKey: siteChannelKeys.all }),
  });
}
