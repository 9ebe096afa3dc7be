import type { z } from 'zod';
import { type Executor, executorCreateSchema, type executorEditSchema, type ExecutorStatus, type Platform, PLATFORMS } from '../../../../contract/executors.ts';

/** What POST /api/executors and PATCH /api/executors/{id} take (before the server's trimming and blanks as null). */
export type ExecutorBody = z.input<typeof executorCreateSchema>;
export type ExecutorPatchBody = z.input<typeof executorEditSchema>;

/** The executor form's values: texts as typed (a blank slug: made from the name), platforms ticked, the status, free. */
export interface ExecutorFormValues {
  name: string;
  slug: string;
  platforms: Platform[];
  status: ExecutorStatus;
  version: string;
  website: string;
  free: boolean;
}

export type ExecutorField = keyof ExecutorFormValues;
export const EXECUTOR_FIELDS: readonly ExecutorField[] = ['name', 'slug', 'platforms', 'status', 'version', 'website', 'free'];
export const EXECUTOR_FIELD_IDS: Record<ExecutorField, string> = {
  name: 'executor-name',
  slug: 'executor-slug',
  platforms: 'executor-platform-windows',
  status: 'executor-status',
  version: 'executor-version',
  website: 'executor-website',
  free: 'executor-free',
};

export function initialExecutorValues(executor?: Executor): ExecutorFormValues {
  return {
    name: executor?.name ?? '',
    slug: executor?.slug ?? '',
    platforms: executor?.platforms ?? [],
    status: executor?.status ?? 'working',
    version: executor?.version ?? '',
    website: executor?.website ?? '',
    free: executor?.free ?? false,
  };
}

/** The values as a create's body: a blank slug left out, the platforms in their usual order. */
export function toExecutorBody(values: ExecutorFormValues): ExecutorBody {
  const slug = values.slug.trim();
  return {
    name: values.name,
    ...(slug ? { slug } : {}),
    platforms: PLATFORMS.filter((platform) => values.platforms.includes(platform)),
    status: values.status,
    version: values.version,
    website: values.website,
    free: values.free,
  };
}

/** The contract's rules and messages, checked on the body the form would send (a blank slug is left out, so allowed). */
export const executorFormSchema = executorCreateSchema;

/** An edit's body: only what differs from the executor (a blank slug keeps it; a blank version or website clears it). */
export function toExecutorPatch(values: ExecutorFormValues, executor: Executor): ExecutorPatchBody {
  const body = toExecutorBody(values);
  const patch: ExecutorPatchBody = {};
  if (body.name.trim() !== executor.name) patch.name = body.name;
  if (body.slug !== undefined && body.slug !== executor.slug) patch.slug = body.slug;
  if (body.platforms.join() !== executor.platforms.join()) patch.platforms = body.platforms;
  if (body.status !== executor.status) patch.status = body.status;
  if ((body.version ?? '').trim() !== (executor.version ?? '')) patch.version = body.version;
  if ((body.website ?? '').trim() !== (executor.website ?? '')) patch.website = body.website;
  if (body.free !== executor.free) patch.free = body.free;
  return patch;
}
