import type { Shape } from '../shape.ts';
import type { votes as spec } from '../votes.ts';

/** What a vote that was not taken says, wholly Russian (`/ru/…`). */
export const votes = {
  failed: 'Ваш голос не сохранён. Попробуйте снова.',
  limited: 'Слишком много голосов подряд. Попробуйте позже.',
  browsersOnly: 'Голоса принимаются только из браузера.',
} as const satisfies Shape<typeof spec>;
