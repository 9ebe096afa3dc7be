import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type CreateModerator, moderatorSchema } from '../../../../contract/index.ts';
import { roleRequest } from '../../staff/api/client.ts';
import { useListMutation } from '../../staff/api/mutation.ts';
import { type ListParams, pagedPath } from '../../staff/api/scripts.ts';

/**
 * A moderator row as the table shows it. docs/product.md#moderator-shape: the server may send `id` or `ID`,
 * `UserName` or `username`; a missing name shows "No name", a missing date the current time.
 */
export interface ModeratorRow {
  id: number;
  name: string | null;
  createdAt: string | null;
}

const tolerantModeratorSchema = z
  .object({
    id: z.number().int().optional(),
    ID: z.number().int().optional(),
    UserName: z.string().nullish(),
    username: z.string().nullish(),
    createdAt: z.string().nullish(),
  })
  .refine((row) => row.id !== undefined || row.ID !== undefined, 'id is missing')
  .transform(
    (row): ModeratorRow => ({
      id: (row.id ?? row.ID) as number,
      name: row.UserName || row.username || null,
      createdAt: row.createdAt && !Number.isNaN(Date.parse(row.createdAt)) ? row.createdAt : null,
    }),
  );

export const moderatorPageSchema = z.object({ items: z.array(tolerantModeratorSchema), total: z.number().int().nonnegative() });
export type ModeratorPage = z.infer<typeof moderatorPageSchema>;

export function getModerators(params: ListParams, signal?: AbortSignal): Promise<ModeratorPage> {
  return roleRequest('admin', pagedPath('/api/moderators', params), { schema: moderatorPageSchema, signal });
}

export const moderatorKeys = {
  all: ['admin', 'moderators'] as const,
  list: (params: ListParams) => ['admin', 'moderators', 'list', params] as const,
};

export function moderatorsQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: moderatorKeys.list(params), queryFn: ({ signal }) => getModerators(params, signal), placeholderData: keepPreviousData });
}

export function useModerators(params: ListParams) {
  return useQuery(moderatorsQueryOptions(params));
}

/** POST /api/createModerator, JSON (docs/product.md#admin-calls). */
export function createModerator(input: CreateModerator) {
  return roleRequest('admin', '/api/createModerator', { method: 'POST', body: input, schema: moderatorSchema });
}

export function deleteModerator(id: number) {
  return roleRequest('admin', `/api/delete-moderator/${id}`, { method: 'DELETE' });
}

export const useCreateModerator = () => useListMutation(moderatorKeys.all, createModerator);
export const useDeleteModerator = () => useListMutation(moderatorKeys.all, deleteModerator);
