import type { Shape } from '../shape.ts';
import type { subscriptions as spec } from '../subscriptions.ts';

/** The per-script gate's placeholder and the new-tab note, wholly Russian (`/ru/…`). */
export const subscriptions = {
  gate: {
    checking: 'Проверяем ваши подписки…',
  },
  newTab: '(откроется в новой вкладке)',
} as const satisfies Shape<typeof spec>;
