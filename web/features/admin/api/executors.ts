import { executorSchema } from '../../../../contract/executors.ts';
import { roleRequest } from '../../staff/api/client.ts';
import { executorKeys } from '../../staff/api/executors.ts';
import { useListMutation } from '../../staff/api/mutation.ts';
import { scriptKeys } from '../../staff/api/scripts.ts';
import type { ExecutorBody, ExecutorPatchBody } from '../lib/executor-form.ts';

/*
 * The admin's executors (docs/decisions/0039-executors-and-compatibility.md): the list is the public
 * GET /api/executors, every executor at once (tens of them), read as the script forms read it; the
 * writes are admin only and JSON.
 */
export { executorKeys, executorsQueryOptions, getExecutors, useExecutors } from '../../staff/api/executors.ts';

export type SaveExecutorInput = { id?: undefined; body: ExecutorBody } | { id: number; body: ExecutorPatchBody };

/** POST /api/executors, or PATCH /api/executors/{id} with only what changed. */
export function saveExecutor({ id, body }: SaveExecutorInput) {
  const path = id === undefined ? '/api/executors' : `/api/executors/${id}`;
  return roleRequest('admin', path, { method: id === undefined ? 'POST' : 'PATCH', body, schema: executorSchema });
}

export function deleteExecutor(id: number) {
  return roleRequest('admin', `/api/executors/${id}`, { method: 'DELETE' });
}

// An executor's platforms are its scripts' platforms: their lists reload too.
export const useSaveExecutor = () => useListMutation(executorKeys.all, saveExecutor, [scriptKeys.all('admin')]);
export const useDeleteExecutor = () => useListMutation(executorKeys.all, deleteExecutor, [scriptKeys.all('admin')]);
