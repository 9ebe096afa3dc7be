/** The script types' list and one type's page (docs/decisions/0063-script-types.md). */
export const TYPES_PATH = '/types';
export const typePath = (slug: string) => `${TYPES_PATH}/${slug}`;

/** The sitemap's type pages: /types and each type's page, when there are types. */
export function typeSitemapPaths(types: readonly { slug: string }[]): string[] {
  return types.length === 0 ? [] : [TYPES_PATH, ...types.map((type) => typePath(type.slug))];
}
