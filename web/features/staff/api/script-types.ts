import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ScriptType, scriptTypeListSchema, scriptTypeSchema } from '../../../../contract/script-types.ts';
import { apiRequest, roleRequest } from './client.ts';
import { useListMutation } from './mutation.ts';
import { scriptKeys } from './scripts.ts';

/*
 * The script types (docs/decisions/0063-script-types.md), as both panels' script forms read them and the
 * admin writes them: GET /api/types is public, every type at once (about ten); the writes are the
 * admin's, JSON.
 */

export const scriptTypeKeys = { all: ['script-types'] as const };

export function scriptTypesQueryOptions() {
  return queryOptions({ queryKey: scriptTypeKeys.all, queryFn: ({ signal }) => apiRequest('/api/types', { schema: scriptTypeListSchema, signal }) });
}

export function useScriptTypeList() {
  return useQuery(scriptTypesQueryOptions());
}

/** What the admin's dialog sends: names, slug and position; on edit only what changed. */
export type ScriptTypeBody = Partial<Pick<ScriptType, 'name' | 'nameEn' | 'nameRu' | 'slug' | 'position'>>;

export function saveScriptType({ id, body }: { id?: number | undefined; body: ScriptTypeBody }) {
  const path = id === undefined ? '/api/types' : `/api/types/${id}`;
  return roleRequest('admin', path, { method: id === undefined ? 'POST' : 'PATCH', body, schema: scriptTypeSchema });
}

export function deleteScriptType(id: number) {
  return roleRequest('admin', `/api/types/${id}`, { method: 'DELETE' });
}

// A type's name and slug show on the scripts' rows: their lists reload too.
export const useSaveScriptType = () => useListMutation(scriptTypeKeys.all, saveScriptType, [scriptKeys.all('admin')]);
export const useDeleteScriptType = () => useListMutation(scriptTypeKeys.all, deleteScriptType, [scriptKeys.all('admin')]);

/**
 * The choices of a script's types: every type of the list, then any slug the script holds that the
 * list lacks (a type deleted meanwhile, or a list that failed), so an edit never drops one unseen.
 */
export function scriptTypeChoices(list: readonly ScriptType[], chosen: readonly string[]): { slug: string; name: string }[] {
  const known = new Set(list.map((type) => type.slug));
  return [...list.map(({ slug, name }) => ({ slug, name })), ...chosen.filter((slug) => !known.has(slug)).map((slug) => ({ slug, name: slug }))];
}
