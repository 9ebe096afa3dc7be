import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type CreateModerator, moderatorSchema, TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { apiRequest } from '../../staff/api/client.ts';
import { useAdminToken } from '../session.tsx';

/**
 * A moderator row as the table shows it. SPEC.md section 3: the server may send `id` or `ID`,
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

export interface ModeratorListParams {
  page: number;
  q: string;
}

export function listModeratorsPath({ page, q }: ModeratorListParams): string {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (q) params.set('q', q);
  return `/api/moderators?${params}`;
}

export function getModerators(token: string, params: ModeratorListParams, signal?: AbortSignal): Promise<ModeratorPage> {
  return apiRequest(listModeratorsPath(params), { token, schema: moderatorPageSchema, signal });
}

export const moderatorKeys = {
  all: ['admin', 'moderators'] as const,
  list: (params: ModeratorListParams) => ['admin', 'moderators', 'list', params] as const,
};

export function getModeratorsQueryOptions(token: string, params: ModeratorListParams) {
  return queryOptions({
    queryKey: moderatorKeys.list(params),
    queryFn: ({ signal }) => getModerators(token, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useModerators(params: ModeratorListParams) {
  const token = useAdminToken();
  return useQuery(getModeratorsQueryOptions(token, params));
}

/** POST /api/createModerator, JSON (SPEC.md section 7). */
export function createModerator(token: string, input: CreateModerator) {
  return apiRequest('/api/createModerator', { method: 'POST', token, body: input, schema: moderatorSchema });
}

export function deleteModerator(token: string, id: number) {
  return apiRequest(`/api/delete-moderator/${id}`, { method: 'DELETE', token });
}

export function useCreateModerator() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateModerator) => createModerator(token, input),
    onSuccess: () => client.invalidateQueries({ queryKey: moderatorKeys.all }),
  });
}

export function useDeleteModerator() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteModerator(token, id),
    onSuccess: () => client.invalidateQueries({ queryKey: moderatorKeys.all }),
  });
}
