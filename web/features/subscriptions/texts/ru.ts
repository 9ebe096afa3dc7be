import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** The per-script gate's placeholder and the new-tab note, wholly Russian (`/ru/…`). */
const subscriptions = {
  gate: {
    checking: 'Проверяем ваши подписки…',
  },
  newTab: '(откроется в новой вкладке)',
} as const satisfies Shape<typeof spec.subscriptions>;

/** The per-script gate's channel list, wholly Russian (`/ru/…`). */
const channelGate = {
  title: 'Нужна подписка',
  intro: 'Подпишитесь на каналы ниже, чтобы открыть этот скрипт.',
  subscribe: 'Подписаться',
  subscribed: 'Вы подписаны',
  continue: 'Продолжить',
  completed: 'Подписка на канал отмечена',
  progress: 'Каналов пройдено: {done} из {total}',
  allDone: 'Все каналы пройдены. Нажмите «Продолжить», чтобы открыть скрипт.',
  channelsLabel: 'Обязательные каналы',
} as const satisfies Shape<typeof spec.channelGate>;

/** The /subscribe page, wholly Russian (`/ru/…`). */
const subscribe = {
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
} as const satisfies Shape<typeof spec.subscribe>;

export const ru = { subscriptions, channelGate, subscribe } satisfies Shape<typeof spec>;
