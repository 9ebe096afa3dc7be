/**
 * Who may do what, outside the handlers (docs/product.md#ownership). Routes ask these; nothing else decides.
 */
export type Principal = { role: 'admin'; adminId: number } | { role: 'moderator'; moderatorId: number };

export interface OwnedScript {
  owner_moderator_id: number | null;
}

/** The admin manages every script; a moderator only its own. */
export function canManageScript(principal: Principal, script: OwnedScript): boolean {
  return principal.role === 'admin' || script.owner_moderator_id === principal.moderatorId;
}

/** The owner a new script gets: its moderator, or none (the admin) when the admin creates it. */
export function ownerFor(principal: Principal): number | null {
  return principal.role === 'moderator' ? principal.moderatorId : null;
}

/** Which scripts a principal's staff list shows: all for the admin, its own for a moderator. */
export function scriptListScope(principal: Principal): { ownerModeratorId?: number } {
  return principal.role === 'admin' ? {} : { ownerModeratorId: principal.moderatorId };
}

/** Hiding and unhiding a script: the admin any, a moderator its own (docs/product.md#reports). */
export function canSetVisibility(principal: Principal, script: OwnedScript): boolean {
  return canManageScript(principal, script);
}

/** Which reports a principal sees: every one for the admin, those on its own scripts for a moderator. */
export function reportScope(principal: Principal): { ownerModeratorId?: number } {
  return scriptListScope(principal);
}

/**
 * Deciding a report (dismiss, hide, delete): the admin any; a moderator only one on a script it owns
 * (a report whose script is gone is the admin's).
 */
export function canDecideReport(principal: Principal, script: OwnedScript | undefined): boolean {
  return principal.role === 'admin' || (script !== undefined && canManageScript(principal, script));
}

/** Whose an `Idempotency-Key` is: one staff account's keys never meet another's. */
export function keyScope(principal: Principal): string {
  return principal.role === 'admin' ? `admin:${principal.adminId}` : `moderator:${principal.moderatorId}`;
}
