import { z } from 'zod';
import { type Game, gameCreateJsonSchema } from '../../../../contract/games.ts';

/** The game form's values: name, place id text, a chosen icon, and (editing a game with an icon) whether to drop it. */
export interface GameFormValues {
  name: string;
  placeId: string;
  icon: File | null;
  removeIcon: boolean;
}

export type GameField = keyof GameFormValues;
export const GAME_FIELDS: readonly GameField[] = ['name', 'placeId', 'icon', 'removeIcon'];
export const GAME_FIELD_IDS: Record<GameField, string> = { name: 'game-name', placeId: 'game-place-id', icon: 'game-icon', removeIcon: 'game-remove-icon' };

/** The contract's rules and messages for name and place id (gameCreateJsonSchema), plus what only the browser holds. */
export const gameFormSchema = gameCreateJsonSchema.extend({ icon: z.instanceof(Blob).nullable(), removeIcon: z.boolean() });

export type EditedGame = Pick<Game, 'id' | 'name' | 'slug' | 'placeId' | 'icon'>;

export function initialGameValues(game?: EditedGame): GameFormValues {
  return { name: game?.name ?? '', placeId: game?.placeId ?? '', icon: null, removeIcon: false };
}

/**
 * The multipart body of a create or an edit: on create the name, the place id if any and the icon if
 * chosen; on edit only what changed (a place id emptied goes as '' and clears it), a new icon, or
 * `removeIcon=true` to drop the current one.
 */
export function toGameFormData(values: GameFormValues, edited?: EditedGame): FormData {
  const form = new FormData();
  const name = values.name.trim();
  const placeId = values.placeId.trim();
  if (!edited || name !== edited.name) form.append('name', name);
  if (edited ? placeId !== (edited.placeId ?? '') : placeId !== '') form.append('placeId', placeId);
  if (values.icon) form.append('icon', values.icon);
  else if (edited?.icon && values.removeIcon) form.append('removeIcon', 'true');
  return form;
}
