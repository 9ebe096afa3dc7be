import type { Game } from '../../contract/index.ts';
import { cardImagePath } from '../images/urls.ts';
import type { GameWithCount } from './repository.ts';

export function toGame(row: GameWithCount): Game {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    placeId: row.place_id,
    icon: row.icon_key ? cardImagePath(row.icon_key) : null,
    scripts: Number(row.scripts),
  };
}
