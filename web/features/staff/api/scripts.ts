import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import type { StaffRole } from './auth-storage.ts';
import { roleRequest, uploadRequest } from './client.ts';
import { tokens } from './auth-storage.ts';
import { gameKeys } from './games.ts';
import { useListMutation } from './mutation.ts';

/*
 * The scripts both panels manage, in bulletproof-react style: fetchers, query options built on them,
 * and the hooks the components use. The role picks the endpoints and the token; nothing else differs.
 */

/** Each role's script endpoints. The moderator cannot edit, so it has no update path. */
export const SCRIPT_ENDPOINTS = {
  admin: { list: '/api/scripts', create: '/api/ac', update: (id: number) => `/api/update-script/${id}`, remove: (id: number) => `/api/ad/${id}` },
  moderator: { list: '/api/m/scripts', create: '/api/m', update: undefined, remove: (id: number) => `/api/m/${id}` },
} as const satisfies Record<StaffRole, { list: string; create: string; update: ((id: number) => string) | undefined; remove: (id: number) => string }>;

// Answers are read tolerantly: keys in any capitalisation (docs/product.md#script-shape), missing lists as empty.

/** Copies `value` with its keys renamed to the canonical spelling of `names`, matched case-insensitively. */
export function canonicalKeys(names: readonly string[]) {
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  return (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const canonical = byLower.get(key.toLowerCase());
      // An exact spelling wins over a differently capitalised duplicate.
      if (canonical && (key === canonical || !(canonical in result))) result[canonical] = item;
    }
    return result;
  };
}

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const listChannelSchema = z.preprocess(canonicalKeys(['id', 'name', 'url']), z.object({ id: z.number().int(), name: z.string(), url: z.string() }));

const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

const listGameSchema = z.preprocess(canonicalKeys(['id', 'name', 'slug']), z.object({ id: z.number().int(), name: z.string(), slug: z.string() }));

/** One row of a staff script list (the contract's StaffScript, read tolerantly: facts left out are none and false, executors none). */
export const listScriptSchema = z.preprocess(
  canonicalKeys(['id', 'playsname', 'description', 'loadstring', 'image', 'imageCard', 'createdAt', 'channels', 'game', 'universal', 'keySystem', 'keyLink', 'patched', 'verified', 'mayBePatched', 'hidden', 'executors', 'types']),
  z.object({
    id: z.number().int(),
    playsname: z.string(),
    description: z
      .string()
      .nullish()
      .transform((value) => value ?? ''),
    loadstring: z.string(),
    image: optionalText,
    imageCard: optionalText,
    createdAt: z.string(),
    channels: z
      .array(listChannelSchema)
      .nullish()
      .transform((value) => value ?? []),
    game: listGameSchema.nullish().transform((value) => value ?? null),
    universal: flag,
    keySystem: flag,
    keyLink: optionalText,
    patched: flag,
    verified: flag,
    mayBePatched: flag,
    hidden: flag,
    /** The slugs of the executors staff tested it with (issue 27); left out: none. */
    executors: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
    /** The slugs of its script types, in its order (docs/decisions/0063-script-types.md); left out: none. */
    types: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
  }),
);
export type ListScript = z.infer<typeof listScriptSchema>;

/** A page of a staff list with limit/offset/q (docs/product.md#staff-list-paging); anything else is invalid data. */
export const scriptPageSchema = z.object({ items: z.array(listScriptSchema), total: z.number().int().nonnegative() });
export type ScriptPage = z.infer<typeof scriptPageSchema>;

export interface ListParams {
  /** 1-based. */
  page: number;
  /** Trimmed search text; empty means no search. */
  q: string;
}

/** `path?limit&offset&q` for a server-paged table. */
export function pagedPath(path: string, { page, q }: ListParams): string {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (q) params.set('q', q);
  return `${path}?${params}`;
}

export function getScriptPage(role: StaffRole, params: ListParams, signal?: AbortSignal): Promise<ScriptPage> {
  return roleRequest(role, pagedPath(SCRIPT_ENDPOINTS[role].list, params), { schema: scriptPageSchema, signal });
}

export interface SaveScriptInput {
  /** Absent: create; present: edit. */
  id?: number;
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** Create or edit as multipart, with upload progress. */
export function saveScript(role: StaffRole, { id, form, onProgress }: SaveScriptInput): Promise<unknown> {
  const endpoints = SCRIPT_ENDPOINTS[role];
  const path = id === undefined ? endpoints.create : endpoints.update?.(id);
  if (path === undefined) throw new Error(`${role} cannot edit scripts`);
  return uploadRequest(path, { method: id === undefined ? 'POST' : 'PATCH', token: tokens.get(role), form, onProgress });
}

export function deleteScript(role: StaffRole, id: number): Promise<unknown> {
  return roleRequest(role, SCRIPT_ENDPOINTS[role].remove(id), { method: 'DELETE' });
}

export const scriptKeys = {
  all: (role: StaffRole) => [role, 'scripts'] as const,
  page: (role: StaffRole, params: ListParams) => [role, 'scripts', params] as const,
};

export function scriptPageQueryOptions(role: StaffRole, params: ListParams) {
  return queryOptions({
    queryKey: scriptKeys.page(role, params),
    queryFn: ({ signal }) => getScriptPage(role, params, signal),
    // Paging and searching keep the previous rows on screen (dimmed) until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useScriptPage(role: StaffRole, params: ListParams) {
  return useQuery(scriptPageQueryOptions(role, params));
}

/** After every create, update and delete the list reloads, and so do the games (a new name creates one; counts change). */
export const useSaveScript = (role: StaffRole) => useListMutation(scriptKeys.all(role), (input: SaveScriptInput) => saveScript(role, input), [gameKeys.all]);
/** Staff say the script works (docs/product.md#votes): its earlier "doesn't work" votes stop counting. */
export function markWorking(role: StaffRole, id: number): Promise<unknown> {
  return roleRequest(role, `/api/scripts/${id}/works-checked`, { method: 'POST' });
}
export const useMarkWorking = (role: StaffRole) => useListMutation(scriptKeys.all(role), (id: number) => markWorking(role, id));
export const useDeleteScript = (role: StaffRole) => useListMutation(scriptKeys.all(role), (id: number) => deleteScript(role, id), [gameKeys.all]);
