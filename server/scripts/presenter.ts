/** The one place script rows become API shapes. */
import { type ExecutorStatus, platformsOf, type PublicScript, type ScriptCard, type ScriptDetail, type StaffScript, UNUSABLE_STATUSES } from '../../contract/index.ts';
import { visitorAnalysis } from './analysis.ts';
import type { ChannelRow } from '../db/types.ts';
import type { CompatibilityRow } from '../executors/compatibility-repository.ts';
import { toCompatibility } from '../executors/presenter.ts';
import { toChannel } from '../channels/presenter.ts';
import { toIso } from '../shared/dates.ts';
import { cardImagePath, detailImagePath } from '../images/urls.ts';
import { mayBePatched } from '../votes/recent-works.ts';
import type { ListedScriptRow } from './listed-rows.ts';
import { typesOf } from '../script-types/links-repository.ts';

export function toPublicScript(row: ListedScriptRow): PublicScript {
  return {
    id: row.id,
    playsname: row.playsname,
    description: row.description,
    loadstring: row.loadstring,
    image: row.image_key ? detailImagePath(row.image_key) : null,
    imageCard: row.image_key ? cardImagePath(row.image_key) : null,
    createdAt: toIso(row.created_at),
    views: Number(row.views),
    game: row.game_id !== null && row.game_name !== null && row.game_slug !== null ? { id: Number(row.game_id), name: row.game_name, slug: row.game_slug } : null,
    universal: Number(row.universal) === 1,
    keySystem: Number(row.key_system) === 1,
    keyLink: row.key_link,
    patched: Number(row.patched) === 1,
    verified: Number(row.verified) === 1,
    updatedAt: toIso(row.updated_at),
    loaderWarning: row.analysis_severity === 'high',
    likes: Number(row.likes),
    dislikes: Number(row.dislikes),
    worksYes: Number(row.works_yes),
    worksNo: Number(row.works_no),
    mayBePatched: mayBePatched(row),
    version: Number(row.version),
    loaderChangedAt: row.loader_changed_at === null ? null : toIso(row.loader_changed_at),
    updateAddedHigh: Number(row.update_added_high) === 1,
    platforms: platformsOf(Number(row.platforms)),
    types: typesOf(row.types),
  };
}

/**
 * GET /api/scripts/{id}: the script, what its loader does (the trusted domains applied to the stored
 * analysis: analysis.ts) and where it works (its compatibility rows, in the order they are read).
 */
export async function toScriptDetail(row: ListedScriptRow, trusted: readonly string[], compatibility: readonly CompatibilityRow[]): Promise<ScriptDetail> {
  return {
    ...toPublicScript(row),
    analysis: await visitorAnalysis(row, trusted),
    compatibility: compatibility.map(toCompatibility),
    noWorkingExecutor: noWorkingExecutor(compatibility),
  };
}


/** Every executor with data on the script is patched or discontinued (none with data: false, nothing is known). */
function noWorkingExecutor(rows: readonly CompatibilityRow[]): boolean {
  return rows.length > 0 && rows.every((row) => UNUSABLE_STATUSES.includes(row.status as ExecutorStatus));
}

/** A card as the public pages carry it: the script without its loader text. */
export function toScriptCard(script: PublicScript): ScriptCard {
  const { loadstring: _, ...card } = script;
  return card;
}

export type { StaffScript };

/** A script in the staff tables: the public fields, its channels, the executors it was tested with (slugs), its owner and whether it is hidden. */
export function toStaffScript(row: ListedScriptRow, channels: ChannelRow[], executors: string[]): StaffScript {
  return { ...toPublicScript(row), channels: channels.map(toChannel), executors, ownerModeratorId: row.owner_moderator_id, hidden: Number(row.hidden) === 1 };
}
