import type { Shape } from '../shape.ts';
import type { subscribe as spec } from '../subscribe.ts';

/** The /subscribe page, wholly Russian (`/ru/…`). */
export const subscribe = {
  title: 'Подпишитесь на наши каналы в Телеграме',
  intro: 'Подпишитесь на каждый канал ниже, затем нажмите «Продолжить».',
  metaDescription: 'Подпишитесь на наши каналы в Телеграме, чтобы продолжить.',
  join: 'Подписаться',
  joined: 'Вы подписаны',
  continue: 'Продолжить',
  empty: 'Сейчас нет каналов, на которые нужно подписаться.',
  progress: 'Вы подписались на {joined} из {total, plural, one {# канала} few {# каналов} many {# каналов} other {# канала}}',
  allJoined: 'Вы подписались на все каналы. Нажмите «Продолжить».',
  channelsLabel: 'Каналы',
} as const satisfies Shape<typeof spec>;
