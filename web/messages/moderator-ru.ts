import { moderator, type ModeratorMessages } from './moderator.ts';

/**
 * The moderator panel chosen in Russian: the specification's texts (moderator.ts), but wholly Russian
 * where the specification shows the fields' English names.
 */
export const moderatorRu = {
  ...moderator,
  login: { ...moderator.login, userName: 'Имя пользователя', password: 'Пароль' },
} as const satisfies ModeratorMessages;
