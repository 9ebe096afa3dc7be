/** Public URL paths of a stored image's renditions, named by content hash. */
export const UPLOADS_PREFIX = '/uploads/';

export function detailImagePath(key: string): string {
  return `${UPLOADS_PREFIX}${key}.webp`;
}

export function cardImagePath(key: string): string {
  return `${UPLOADS_PREFIX}${key}-card.webp`;
}
