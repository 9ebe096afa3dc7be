/**
 * A script's raw loader address and the one line that always runs its latest version (issue 38 item 4,
 * docs/decisions/0062-integrator-api.md). No zod: the script page imports it.
 */

/** The path that answers a script's current loader as text. */
export function rawPath(id: number): string {
  return `/raw/${id}`;
}

/** The line a player pastes into an executor: it fetches the current loader from `origin` each run. */
export function rawLoaderLine(origin: string, id: number): string {
  return `loadstring(game:HttpGet("${origin}${rawPath(id)}"))()`;
}
