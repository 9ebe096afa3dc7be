import type { StaffMessages } from './en.ts';

/** What both panels say in Russian whatever their role (en.ts' shape). */
export const ru = {
  language: {
    label: 'Язык',
    english: 'English',
    russian: 'Русский',
  },
  errors: {
    codes: {
      VALIDATION_FAILED: 'Некоторые значения не приняты: проверьте форму и попробуйте снова',
      BAD_REQUEST: 'Запрос не удалось прочитать; обновите страницу и попробуйте снова',
      UNAUTHORIZED: 'Сессия истекла. Войдите снова.',
      FORBIDDEN: 'Вашей учётной записи это недоступно',
      NOT_FOUND: 'Этого больше нет: обновите список',
      CONFLICT: 'Такое уже есть: выберите другое название или адрес',
      PAYLOAD_TOO_LARGE: 'Файл слишком большой',
      UNSUPPORTED_MEDIA_TYPE: 'Такой файл не принимается',
      RATE_LIMITED: 'Слишком много попыток; повторите позже',
      SERVICE_UNAVAILABLE: 'Сервер временно недоступен; повторите через минуту',
      DATABASE_UNAVAILABLE: 'Сервер временно недоступен; повторите через минуту',
    },
    badCredentials: 'Неверное имя пользователя или пароль',
    fields: {
      blockedDomain: (domain: string) => `Загрузчик берёт код с ${domain}: этот домен заблокирован на сайте`,
      blockedKeyLink: (domain: string) => `Страница ключа на ${domain}: этот домен заблокирован на сайте`,
    },
  },
} as const satisfies StaffMessages;
