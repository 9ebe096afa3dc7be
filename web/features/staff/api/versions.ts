import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffScriptVersionSummarySchema, type StaffScriptVersionSummary } from '../../../../contract/versions.ts';
import type { StaffRole } from './auth-storage.ts';
import { roleRequest } from './client.ts';
import { useListMutation } from './mutation.ts';
import { scriptKeys } from './scripts.ts';

/*
 * A script's loader history for both panels (GET /api/staff/scripts/{id}/versions, the admin any
 * script's, a moderator its own) and the restore of a version: fetchers, query options, hooks.
 */

/** Versions asked for at a time; a full page means there may be older ones. */
export const VERSIONS_PAGE_SIZE = 20;

const versionsSchema = z.array(staffScriptVersionSummarySchema);
/** The restore answers the script; the panel reads only the version it made. */
const restoredSchema = z.object({ version: z.number().int() });

export function getScriptVersions(role: StaffRole, id: number, offset: number, signal?: AbortSignal): Promise<StaffScriptVersionSummary[]> {
  const params = new URLSearchParams({ limit: String(VERSIONS_PAGE_SIZE), offset: String(offset) });
  return roleRequest(role, `/api/staff/scripts/${id}/versions?${params}`, { schema: versionsSchema, signal });
}

export function restoreVersion(role: StaffRole, { id, version }: { id: number; version: number }): Promise<{ version: number }> {
  return roleRequest(role, `/api/staff/scripts/${id}/versions/${version}/restore`, { method: 'POST', schema: restoredSchema });
}

/** Under the scripts' key: every save, delete or restore that reloads the list reloads the history too. */
export const versionKeys = {
  of: (role: StaffRole, id: number) => [...scriptKeys.all(role), 'versions', id] as const,
};

export function scriptVersionsQueryOptions(role: StaffRole, id: number) {
  return infiniteQueryOptions({
    queryKey: versionKeys.of(role, id),
    queryFn: ({ pageParam, signal }) => getScriptVersions(role, id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: StaffScriptVersionSummary[], pages: StaffScriptVersionSummary[][]) => (last.length < VERSIONS_PAGE_SIZE ? undefined : pages.length * VERSIONS_PAGE_SIZE),
  });
}

export const useScriptVersions = (role: StaffRole, id: number) => useInfiniteQuery(scriptVersionsQueryOptions(role, id));

/** A restore makes a new version and may change the script's badges: the list and every history reload. */
export const useRestoreVersion = (role: StaffRole) => useListMutation(scriptKeys.all(role), (input: { id: number; version: number }) => restoreVersion(role, input));
