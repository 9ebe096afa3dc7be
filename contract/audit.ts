import { z } from 'zod';
import { SINGLE_LINE } from './text.ts';
import { CATALOGUE_MAX_LIMIT } from './constants.ts';
import { wholeNumber } from './scripts.ts';

/**
 * What the moderation log records (docs/product.md#moderation-log): one stable code per staff action.
 * Names are `object.verb`; logins and logouts are the account's own.
 */
export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'script.create',
  'script.update',
  'script.verify',
  'script.unverify',
  'script.hide',
  'script.unhide',
  'script.mark-working',
  'script.delete',
  'moderator.create',
  'moderator.delete',
  'site-channel.create',
  'site-channel.delete',
  'game.create',
  'game.update',
  'game.delete',
  'executor.create',
  'executor.update',
  'executor.delete',
  'script-type.create',
  'script-type.update',
  'script-type.delete',
  'blocked-domain.create',
  'blocked-domain.delete',
  'report.dismiss',
  'report.hide',
  'report.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OBJECT_TYPES = ['session', 'script', 'moderator', 'site-channel', 'game', 'executor', 'script-type', 'blocked-domain', 'report'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** A value as the log keeps it: texts, numbers, flags and lists of texts; never a secret or bytes. */
const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** `{ field: { from, to } }` for an edit; `{ field: { to } }` for what a creation set; `{ field: { from } }` for what a deletion removed. */
export const auditChangesSchema = z.record(z.string(), z.object({ from: auditValueSchema.optional(), to: auditValueSchema.optional() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string().describe('ISO-8601'),
    actor: z.object({ role: z.enum(['admin', 'moderator']), id: z.number().int(), name: z.string().describe('The account’s name when it acted') }),
    action: z.enum(AUDIT_ACTIONS),
    object: z.object({ type: z.enum(AUDIT_OBJECT_TYPES), id: z.number().int().nullable(), label: z.string().nullable() }),
    changes: auditChangesSchema.nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int().nonnegative() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_ACTOR_MAX_LENGTH = 100;

/** GET /api/audit-log: filters by the actor's name (exact, any case) and the action; newest first. */
export const auditQuerySchema = z.object({
  actor: z
    .string()
    .max(AUDIT_ACTOR_MAX_LENGTH, `actor must be at most ${AUDIT_ACTOR_MAX_LENGTH} characters`)
    .regex(SINGLE_LINE, 'actor must not contain control characters')
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be one of the logged actions' }).optional(),
  limit: wholeNumber('limit', 1, CATALOGUE_MAX_LIMIT).default(20),
  offset: wholeNumber('offset', 0, 10_000_000).default(0),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
