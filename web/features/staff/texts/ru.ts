import { ru as detailRu } from '../../script-detail/texts/ru.ts';
import type { StaffMessages } from './en.ts';

const { warning: _warning, ...analysis } = detailRu.loaderReport;

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
  /**
   * What both panels' shared screens say alike, in the moderator's words (its specification's); the live
   * analysis is the script page's Russian "What this loader does", so staff and visitors read one text.
   */
  scripts: {
    markWorking: 'Работает',
    markWorkingLabel: (name: string) => `Отметить, что ${name} работает: прежние голоса «не работает» перестанут учитываться`,
    markWorkingFailed: 'Не удалось отметить скрипт как рабочий',
    badges: { label: 'Метки скрипта', universal: 'Универсальный', keySystem: 'Ключ', patched: 'Не работает', verified: 'Проверен', loaderWarning: 'Опасный загрузчик', mayBePatched: 'Возможно, не работает' },
  },
  history: {
    label: 'История',
    rowLabel: (name: string) => `История скрипта «${name}»`,
    title: (name: string) => `История: ${name}`,
    intro: 'Все версии загрузчика, от новых к старым: когда и кем сохранена каждая и что она изменила в том, что делает загрузчик.',
    listLabel: 'Версии',
    version: (version: number) => `Версия ${version}`,
    current: 'Текущая',
    savedBy: (name: string) => `Сохранил: ${name}`,
    savedBySystem: 'Сохранено системой',
    addedHigh: 'Добавлена опасная находка',
    noChanges: 'То, что делает загрузчик, не изменилось',
    restore: 'Восстановить',
    restoreLabel: (version: number) => `Восстановить версию ${version}`,
    confirmRestore: (version: number) => `Восстановить версию ${version}?`,
    confirmRestoreDetail: 'Её загрузчик сохранится как новая версия и пройдёт те же проверки, что и любое сохранение; текущая версия останется в истории.',
    restored: (from: number, to: number) => `Версия ${from} восстановлена как версия ${to}`,
    restoreFailed: 'Не удалось восстановить версию',
    loadFailed: 'Не удалось загрузить историю',
    empty: 'Версий пока нет',
    more: 'Показать более старые версии',
  },
  analysis,
  executors: {
    legend: 'Проверен на экзекьюторах',
    hint: 'Экзекьюторы, на которых скрипт запускали; посетители видят их в таблице совместимости. Необязательно.',
    loading: 'Загрузка экзекьюторов…',
    failed: 'Не удалось загрузить экзекьюторы',
    none: 'Экзекьюторов пока нет.',
    status: { updating: 'обновляется', patched: 'пропатчен', discontinued: 'закрыт' },
    tooMany: (max: number) => `Не более ${max} экзекьюторов`,
  },
  reports: {
    title: 'Жалобы',
    intro: 'Жалобы посетителей на ваши скрипты. Одно решение закрывает все открытые жалобы на скрипт.',
    count: (total: number) => `Жалоб: ${total}`,
    listLabel: 'Жалобы',
    stateLabel: 'Статус',
    states: { all: 'Все', open: 'Открытые', resolved: 'Закрытые' },
    reasonLabel: 'Причина',
    allReasons: 'Все причины',
    reasons: { malware: 'Вредоносный код или кража данных', broken: 'Не работает', stolen: 'Украден или перезалит', spam: 'Обман или спам', other: 'Другое' },
    noDetails: 'Без подробностей',
    received: (date: string) => `Получена ${date}`,
    decided: { dismiss: 'Отклонена', hide: 'Скрипт скрыт', delete: 'Скрипт удалён' },
    decidedBy: (name: string) => `— ${name}`,
    scriptGone: 'удалён',
    refresh: 'Обновить жалобы',
    empty: 'Жалоб нет.',
    loadFailed: 'Не удалось загрузить жалобы',
    actions: { dismiss: 'Отклонить', hide: 'Скрыть скрипт', delete: 'Удалить скрипт' },
    actionLabel: (action: string, script: string) => `${action}: ${script}`,
    confirm: {
      dismiss: 'Отклонить жалобы на этот скрипт?',
      hide: 'Скрыть этот скрипт с сайта?',
      delete: 'Удалить этот скрипт навсегда?',
    },
    confirmDetail: 'Все открытые жалобы на скрипт будут закрыты этим решением.',
    done: { dismiss: 'Жалобы отклонены', hide: 'Скрипт скрыт', delete: 'Скрипт удалён' },
    failed: 'Не удалось сохранить решение',
  },
  visibility: {
    hidden: 'Скрыт',
    hide: 'Скрыть',
    unhide: 'Показать',
    hideLabel: (name: string) => `Скрыть ${name} с сайта`,
    unhideLabel: (name: string) => `Снова показать ${name} на сайте`,
    hiddenToast: 'Скрипт скрыт с сайта',
    shownToast: 'Скрипт снова виден на сайте',
    failed: 'Не удалось изменить видимость скрипта',
  },
  chart: {
    day: 'День',
    loading: 'Загрузка графика…',
    total: (total: number) => `Всего: ${new Intl.NumberFormat('ru-RU').format(total)}`,
    summary: (total: number, days: number, peak: number, peakDay: string) =>
      `${new Intl.NumberFormat('ru-RU').format(total)} за ${days} дн.; больше всего — ${new Intl.NumberFormat('ru-RU').format(peak)} — ${peakDay}.`,
    views: 'Просмотры',
    scripts: 'Скрипты',
  },
} as const satisfies StaffMessages;
