import { type ModeratorMessages, spec } from './spec.ts';

/**
 * The moderator panel chosen in Russian: the specification's texts (spec.ts), but wholly Russian
 * where the specification shows the fields' English names.
 */
export const ru = {
  ...spec,
  login: { ...spec.login, userName: 'Имя пользователя', password: 'Пароль' },
} as const satisfies ModeratorMessages;
