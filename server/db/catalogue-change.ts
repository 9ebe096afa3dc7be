/**
 * What a write changed: one script, the site channels, the games (names, slugs, icons: shown on many
 * pages), or anything. The caches drop exactly what it can have changed.
 */
export type CatalogueChange = { kind: 'script'; id: number } | { kind: 'site-channels' } | { kind: 'games' } | { kind: 'all' };
