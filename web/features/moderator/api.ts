import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { TABLE_PAGE_SIZE } from '../../../contract/constants.ts';
import { deletedSchema } from '../../../contract/scripts.ts';
import { moderatorLoginSchema, moderatorStatusSchema } from '../../../contract/staff.ts';
import { ApiError, apiRequest, uploadRequest } from '../staff/api/client.ts';
import { moderatorToken } from './session.ts';

/*
 * The moderator panel's calls (SPEC.md section 7), in bulletproof-react style: plain fetchers, query
 * options built on them, and the hooks the components use. Every call sends the moderator's Bearer
 * token from localStorage and gives up after 10 s (apiRequest).
 */

// ---------------------------------------------------------------------------------------------
// Answer shapes. SPEC.md section 3: the moderator list is "tolerant of alternate capitalisations",
// so keys are matched regardless of case before the (contract-shaped) validation.

/** Copies `value` with its keys renamed to the canonical spelling of `names`, matched case-insensitively. */
function canonicalKeys(names: readonly string[]) {
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

export const moderatorChannelSchema = z.preprocess(
  canonicalKeys(['id', 'name', 'url']),
  z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
);

/** One row of GET /api/m/scripts (contract's StaffScript, read tolerantly). */
export const moderatorScriptSchema = z.preprocess(
  canonicalKeys(['id', 'playsname', 'description', 'loadstring', 'image', 'imageCard', 'createdAt', 'channels']),
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
      .array(moderatorChannelSchema)
      .nullish()
      .transform((value) => value ?? []),
  }),
);
export type ModeratorScript = z.infer<typeof moderatorScriptSchema>;

/** GET /api/m/scripts with limit/offset/q answers a page (DESIGN.md 2.7); anything else is invalid data. */
export const scriptPageSchema = z.object({
  items: z.array(moderatorScriptSchema),
  total: z.number().int().nonnegative(),
});
export type ScriptPage = z.infer<typeof scriptPageSchema>;

// ---------------------------------------------------------------------------------------------
// Fetchers.

/** Login failed for a reason of its own: the answer carried no token (SPEC.md: Токен не получен). */
export class MissingTokenError extends Error {
  constructor() {
    super('no token in the login answer');
    this.name = 'MissingTokenError';
  }
}

export type ModeratorLogin = z.input<typeof moderatorLoginSchema>;

/** POST /api/login: answers the token, or throws ApiError / MissingTokenError. */
export async function login(credentials: ModeratorLogin): Promise<string> {
  const answer = await apiRequest<unknown>('/api/login', { method: 'POST', body: moderatorLoginSchema.parse(credentials) });
  const token = typeof answer === 'object' && answer !== null ? (answer as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || token === '') throw new MissingTokenError();
  return token;
}

/** POST /api/logout: revokes the token on the server. */
export async function logout(token: string): Promise<void> {
  await apiRequest('/api/logout', { method: 'POST', token });
}

/** GET /api/m/check-status: 200 while the account lives, 401 after. */
export async function getStatus(signal?: AbortSignal) {
  return apiRequest('/api/m/check-status', { token: moderatorToken(), schema: moderatorStatusSchema, signal });
}

export interface ScriptPageParams {
  /** 1-based. */
  page: number;
  /** Trimmed search text; empty means no search (SPEC.md section 5). */
  q: string;
}

/** GET /api/m/scripts?limit&offset&q: one page of the caller's own scripts, searched on the server. */
export async function getScriptPage({ page, q }: ScriptPageParams, signal?: AbortSignal): Promise<ScriptPage> {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (q) params.set('q', q);
  return apiRequest(`/api/m/scripts?${params}`, { token: moderatorToken(), schema: scriptPageSchema, signal });
}

export interface NewScript {
  playsname: string;
  description: string;
  loadstring: string;
  channels: string[];
  image: File | null;
}

/** SPEC.md section 5: empty values are left out; channels go as repeated channels[] items. */
export function newScriptFormData(script: NewScript): FormData {
  const form = new FormData();
  for (const name of ['playsname', 'description', 'loadstring'] as const) {
    const value = script[name].trim();
    if (value) form.append(name, value);
  }
  for (const channel of script.channels) form.append('channels[]', channel);
  if (script.image) form.append('image', script.image);
  return form;
}

/** POST /api/m (multipart), reporting upload progress as a fraction. */
export async function createScript(script: NewScript, onProgress?: (fraction: number) => void): Promise<unknown> {
  return uploadRequest('/api/m', { method: 'POST', token: moderatorToken(), form: newScriptFormData(script), onProgress });
}

/** DELETE /api/m/{id}. */
export async function deleteScript(id: number): Promise<void> {
  await apiRequest(`/api/m/${id}`, { method: 'DELETE', token: moderatorToken(), schema: deletedSchema });
}

// ---------------------------------------------------------------------------------------------
// Query options.

export const moderatorKeys = {
  all: ['moderator'] as const,
  status: () => [...moderatorKeys.all, 'status'] as const,
  scripts: () => [...moderatorKeys.all, 'scripts'] as const,
  scriptPage: (params: ScriptPageParams) => [...moderatorKeys.scripts(), params] as const,
};

export function statusQueryOptions(pollMs: number) {
  return queryOptions({
    queryKey: moderatorKeys.status(),
    queryFn: ({ signal }) => getStatus(signal),
    // SPEC.md section 4: on load and every 60 s (configurable), even while the tab is in the background.
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
  });
}

export function scriptPageQueryOptions(params: ScriptPageParams) {
  return queryOptions({
    queryKey: moderatorKeys.scriptPage(params),
    queryFn: ({ signal }) => getScriptPage(params, signal),
    // Paging and searching keep the previous rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------
// Hooks.

export function useModeratorStatus(pollMs: number) {
  return useQuery(statusQueryOptions(pollMs));
}

export function useScriptPage(params: ScriptPageParams) {
  return useQuery(scriptPageQueryOptions(params));
}

export function useCreateScript() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ script, onProgress }: { script: NewScript; onProgress?: (fraction: number) => void }) => createScript(script, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: moderatorKeys.scripts() }),
  });
}

export function useDeleteScript() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteScript(id),
    onSuccess: () => client.invalidateQueries({ queryKey: moderatorKeys.scripts() }),
  });
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 401;
}

/**
 * Calls `onExpired` once when any moderator call (status poll, list, create, delete) answers 401:
 * the token is no longer valid (account deleted or deactivated, session revoked or expired).
 */
export function useSessionExpiry(onExpired: () => void) {
  const client = useQueryClient();
  const callback = useRef(onExpired);
  useEffect(() => {
    callback.current = onExpired;
  });
  useEffect(() => {
    let fired = false;
    const fire = (error: unknown) => {
      if (fired || !isUnauthorized(error)) return;
      fired = true;
      callback.current();
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') fire(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') fire(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
