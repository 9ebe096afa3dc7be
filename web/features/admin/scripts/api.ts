import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { staffScriptSchema, TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { apiRequest, uploadRequest } from '../../staff/api/client.ts';
import { useAdminToken } from '../session.tsx';

/** GET /api/scripts with paging parameters answers a page (DESIGN.md 2.7). */
export const scriptPageSchema = z.object({ items: z.array(staffScriptSchema), total: z.number().int().nonnegative() });
export type ScriptPage = z.infer<typeof scriptPageSchema>;

export interface ScriptListParams {
  /** 1-based. */
  page: number;
  /** Trimmed search text; empty means no search (SPEC.md section 5). */
  q: string;
}

export function listScriptsPath({ page, q }: ScriptListParams): string {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (q) params.set('q', q);
  return `/api/scripts?${params}`;
}

export function getScripts(token: string, params: ScriptListParams, signal?: AbortSignal): Promise<ScriptPage> {
  return apiRequest(listScriptsPath(params), { token, schema: scriptPageSchema, signal });
}

export const scriptKeys = {
  all: ['admin', 'scripts'] as const,
  list: (params: ScriptListParams) => ['admin', 'scripts', 'list', params] as const,
};

export function getScriptsQueryOptions(token: string, params: ScriptListParams) {
  return queryOptions({
    queryKey: scriptKeys.list(params),
    queryFn: ({ signal }) => getScripts(token, params, signal),
    // Paging and searching keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useScripts(params: ScriptListParams) {
  const token = useAdminToken();
  return useQuery(getScriptsQueryOptions(token, params));
}

export interface SaveScriptInput {
  /** Absent: create (POST /api/ac); present: edit (PATCH /api/update-script/{id}). */
  id?: number;
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** Create or edit as multipart, with upload progress (SPEC.md section 7). */
export function saveScript(token: string, { id, form, onProgress }: SaveScriptInput) {
  const path = id === undefined ? '/api/ac' : `/api/update-script/${id}`;
  return uploadRequest(path, { method: id === undefined ? 'POST' : 'PATCH', token, form, schema: staffScriptSchema, onProgress });
}

export function deleteScript(token: string, id: number) {
  return apiRequest(`/api/ad/${id}`, { method: 'DELETE', token });
}

/** After every create, update and delete the list reloads (SPEC.md section 4). */
export function useSaveScript() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveScriptInput) => saveScript(token, input),
    onSuccess: () => client.invalidateQueries({ queryKey: scriptKeys.all }),
  });
}

export function useDeleteScript() {
  const token = useAdminToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteScript(token, id),
    onSuccess: () => client.invalidateQueries({ queryKey: scriptKeys.all }),
  });
}
