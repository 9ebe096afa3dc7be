import type { Shape } from '../shape.ts';
import type { channelGate as spec } from '../channel-gate.ts';

/** The per-script gate's channel list, wholly Russian (`/ru/…`). */
export const channelGate = {
  title: 'Нужна подписка',
  intro: 'Подпишитесь на каналы ниже, чтобы открыть этот скрипт.',
  subscribe: 'Подписаться',
  subscribed: 'Вы подписаны',
  continue: 'Продолжить',
  completed: 'Подписка на канал отмечена',
  progress: 'Каналов пройдено: {done} из {total}',
  allDone: 'Все каналы пройдены. Нажмите «Продолжить», чтобы открыть скрипт.',
  channelsLabel: 'Обязательные каналы',
} as const satisfies Shape<typeof spec>;
