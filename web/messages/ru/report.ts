import type { Shape } from '../shape.ts';
import type { report as spec } from '../report.ts';

/** The report dialog, wholly Russian (`/ru/…`). */
export const report = {
  title: 'Пожаловаться на скрипт',
  intro: 'Расскажите, что не так. Мы рассматриваем каждую жалобу; жалобы анонимны.',
  reasonLegend: 'Что с ним не так?',
  reasons: {
    malware: 'Вредоносный код или кража данных',
    broken: 'Не работает',
    stolen: 'Украден или перезалит',
    spam: 'Обман или спам',
    other: 'Другое',
  },
  detailsLabel: 'Подробности (необязательно)',
  detailsHint: 'Что вы заметили? Пара строк поможет нам проверить быстрее.',
  counter: '{used} / {max}',
  submit: 'Отправить жалобу',
  sending: 'Отправляем…',
  cancel: 'Отмена',
  close: 'Закрыть',
  thanks: 'Спасибо: мы проверим этот скрипт.',
  chooseReason: 'Выберите причину.',
  tooMany: 'Вы отправили несколько жалоб за последний час. Попробуйте позже.',
  gone: 'Этот скрипт больше недоступен.',
  failed: 'Не удалось отправить жалобу. Проверьте подключение и попробуйте снова.',
} as const satisfies Shape<typeof spec>;
