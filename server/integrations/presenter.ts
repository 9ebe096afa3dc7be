import type { Executor, Game, PublicScript, ScriptDetail } from '../../contract/index.ts';
import type { V1Executor, V1Game, V1Script, V1ScriptDetail } from '../../contract/integrations.ts';
import { rawPath } from '../../contract/raw-loader.ts';
import { scriptPath, scriptSlug } from '../../contract/slugs.ts';

/** The one place catalogue answers become the integrator API's shapes (contract/integrations.ts). */

/** What a v1 script adds to the catalogue's: the absolute origin, its game's place id, whether it is gated, its runs. */
export interface V1Context {
  origin: string;
  placeIds: ReadonlyMap<string, string | null>;
  gated: boolean;
  runs30d: number;
}

/** The address that answers a script's current loader as text (`GET /raw/{id}`). */
export function rawUrl(origin: string, id: number): string {
  return `${origin}${rawPath(id)}`;
}

export function toV1Script(script: PublicScript, { origin, placeIds, gated, runs30d }: V1Context): V1Script {
  return {
    id: script.id,
    slug: scriptSlug(script.playsname),
    title: script.playsname,
    description: script.description,
    game: script.game ? { slug: script.game.slug, name: script.game.name, placeId: placeIds.get(script.game.slug) ?? null } : null,
    universal: script.universal,
    keySystem: script.keySystem,
    keyLink: script.keyLink,
    patched: script.patched,
    verified: script.verified,
    gated,
    platforms: script.platforms,
    createdAt: script.createdAt,
    updatedAt: script.updatedAt,
    version: script.version,
    views: script.views,
    likes: script.likes,
    dislikes: script.dislikes,
    worksYes: script.worksYes,
    worksNo: script.worksNo,
    runs30d,
    url: `${origin}${scriptPath(script)}`,
    // A gated script's loader leaves only through its page, behind its channels.
    rawUrl: gated ? null : rawUrl(origin, script.id),
    loader: gated ? null : script.loadstring,
  };
}

export function toV1ScriptDetail(script: ScriptDetail, context: V1Context): V1ScriptDetail {
  return {
    ...toV1Script(script, context),
    compatibility: script.compatibility.map(({ executor, name, platforms, status, tested, worksYes, worksNo }) => ({ executor, name, platforms, status, tested, worksYes, worksNo })),
  };
}

export function toV1Game(game: Game, origin: string): V1Game {
  return { slug: game.slug, name: game.name, placeId: game.placeId, icon: game.icon === null ? null : `${origin}${game.icon}`, scripts: game.scripts };
}

export function toV1Executor(executor: Executor): V1Executor {
  const { slug, name, platforms, status, version, website, free, updatedAt } = executor;
  return { slug, name, platforms, status, version, website, free, updatedAt };
}
