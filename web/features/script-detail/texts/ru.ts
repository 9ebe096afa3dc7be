import { formatMessage } from '../../../../contract/i18n.ts';
import type { FindingCode } from '../../../../contract/loader-findings.ts';
import { EXECUTOR_VOTE_DAYS } from '../../../../contract/constants.ts';
import { ru as analysis } from '../../../components/ui/texts/ru.ts';
import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** The script page's strings, wholly Russian (`/ru/…`). */
const detail = {
  back: 'К списку скриптов',
  backPending: 'Загружаем скрипты…',
  loading: 'Загружаем скрипт…',
  imageAlt: '{name} — обложка',
  created: 'Добавлен',
  views: '{n, plural, one {# просмотр} few {# просмотра} many {# просмотров} other {# просмотра}}',
  getScript: 'Получить скрипт',
  stepsLabel: 'Как им пользоваться',
  votes: { label: 'Голоса', like: 'Нравится', dislike: 'Не нравится', works: 'Работает', broken: 'Не работает', where: 'Где вы его запускали?' },
  steps: ['Скопируйте загрузчик на вкладке «Скрипт»', 'Откройте экзекьютор в игре', 'Вставьте загрузчик и запустите его'],
  tabsLabel: 'О скрипте',
  tabDescription: 'Описание',
  tabScript: 'Скрипт',
  noDescription: 'Описание отсутствует',
  scriptHint: 'Вставьте загрузчик в экзекьютор, пока игра запущена.',
  loaderLabel: 'Загрузчик',
  loaderLoading: 'Получаем загрузчик…',
  loaderFailed: 'Не удалось получить загрузчик.',
  copy: 'Копировать',
  copied: 'Скопировано',
  copiedAnnouncement: 'Загрузчик скопирован в буфер обмена',
  copyFailed: 'Не удалось скопировать автоматически: выделите текст и скопируйте его вручную.',
  latestLine: {
    label: 'Всегда последняя версия',
    hint: 'Эта строка при каждом запуске загружает текущий загрузчик, поэтому продолжает работать после обновлений.',
    copy: 'Скопировать строку последней версии',
    copied: 'Строка скопирована в буфер обмена',
  },
  report: 'Пожаловаться',
  notFound: {
    title: 'Скрипт не найден',
    text: 'Запрошенного скрипта не существует',
    back: 'Вернуться к списку',
  },
  failed: {
    title: 'Ошибка загрузки',
    text: 'Не удалось загрузить скрипт',
    back: 'К списку',
    retry: 'Попробовать снова',
  },
} as const satisfies Shape<typeof spec.detail>;

const footerTexts = {
  views: 'Просмотры',
  facts: 'Факты о скрипте',
  telegramLabel: 'Телеграм',
  telegram: 'Подписаться на канал',
  videoLabel: 'Видео',
  video: 'Смотреть на YouTube',
  faqHeading: 'Частые вопросы',
  faq: [
    {
      question: 'Как получить скрипт?',
      answer: [
        'Откройте вкладку «Скрипт» и нажмите «Копировать»: загрузчик сразу попадёт в буфер обмена. Если страница сначала просит подписаться на каналы, подпишитесь на каждый и нажмите «Продолжить».',
        'Затем запустите игру, откройте экзекьютор, вставьте загрузчик и запустите его. Скрипт сам подгружает свою последнюю версию, так что возвращаться сюда за обновлениями не нужно.',
      ],
    },
    {
      question: 'Зачем отключать блокировщик рекламы?',
      answer: [
        'Некоторые блокировщики рекламы и расширения для приватности блокируют не только рекламу: они могут скрыть кнопки каналов, помешать кнопке «Копировать» записать загрузчик в буфер обмена или не дать загрузиться тексту скрипта.',
        'У нас нет всплывающих окон и переадресаций. Если что-то на этой странице не работает, приостановите блокировщик для этого сайта, перезагрузите страницу и попробуйте снова.',
      ],
    },
    {
      question: 'Этот сайт безопасен?',
      answer: [
        'Да. Мы никогда не просим скачать файл, установить расширение или ввести пароль от Roblox: каждый скрипт — это обычный текст, который можно прочитать перед запуском. Мы собираем только анонимную статистику посещений.',
        'Помните, что любой сторонний скрипт нарушает правила Roblox и может привести к блокировке аккаунта, поэтому играйте с запасного аккаунта. Риски описаны в наших Условиях использования.',
      ],
    },
  ],
} as const satisfies Shape<typeof spec.footerTexts>;

const detailMeta = {
  fallbackDescription: (name: string) => `${name}: бесплатный скрипт для Roblox. Скопируйте загрузчик в один клик и запустите его в экзекьюторе.`,
  notFoundTitle: 'Скрипт не найден',
  getKey: 'Получить ключ',
  noWorkingExecutor: 'Нет известных рабочих экзекьюторов',
} as const satisfies Shape<typeof spec.detailMeta>;

/** What an update changed, per finding: the History section's and the script feed's sentences. */
const changes: Record<FindingCode, { added: string; removed: string }> = {
  'webhook': { added: 'Добавляет отправку данных на вебхук Discord', removed: 'Больше не отправляет данные на вебхук Discord' },
  'ip-lookup': { added: 'Добавляет определение вашего IP-адреса или местоположения', removed: 'Больше не определяет ваш IP-адрес или местоположение' },
  'hardware-id': { added: 'Добавляет чтение идентификатора, по которому можно узнать ваше устройство', removed: 'Больше не читает идентификатор вашего устройства' },
  'clipboard': { added: 'Теперь копирует текст в ваш буфер обмена', removed: 'Больше не копирует текст в ваш буфер обмена' },
  'file-write': { added: 'Теперь записывает или удаляет файлы в папке вашего экзекьютора', removed: 'Больше не записывает и не удаляет файлы' },
  'short-link': { added: 'Теперь загружает код через сокращатель ссылок или сервис для размещения текста', removed: 'Больше не загружает код через сокращатель ссылок или сервис для размещения текста' },
  'obfuscated': { added: 'Теперь скрывает свой код (обфускация)', removed: 'Больше не скрывает свой код' },
  'incomplete': { added: 'Стал слишком длинным или запутанным, чтобы проверить его целиком', removed: 'Снова проверяется целиком' },
  'remote-code': { added: 'Теперь скачивает и запускает дополнительный код', removed: 'Больше не скачивает дополнительный код для запуска' },
  'trusted-remote-code': { added: 'Теперь скачивает и запускает дополнительный код из доверенного источника', removed: 'Больше не скачивает код из доверенного источника' },
  'teleport': { added: 'Теперь телепортирует вас или меняет сервер', removed: 'Больше не телепортирует вас и не меняет сервер' },
};

const historyTexts = {
  heading: 'История',
  intro: 'Все обновления загрузчика, сначала новые, и что в них изменилось.',
  onlyFirst: 'Загрузчик не обновлялся с тех пор, как его добавили.',
  version: (n: number) => `Версия ${n}`,
  saved: 'сохранена',
  first: 'Первая версия',
  unchanged: 'Изменился код, но не то, что делает загрузчик.',
  high: 'Высокий риск',
  show: 'Показать изменения',
  hide: 'Скрыть изменения',
  ofVersion: (n: number) => ` в версии ${n}`,
  older: (shown: number) =>
    formatMessage('ru', 'Показаны последние {n, plural, one {# обновление} few {# обновления} many {# обновлений} other {# обновления}}.', { n: shown }),
  changes,
  hostAdded: (host: string) => `Теперь загружает с ${host}`,
  hostRemoved: (host: string) => `Больше не загружает с ${host}`,
  diff: {
    label: 'Изменения загрузчика с версии {before} до версии {version}',
    summary: 'Строк добавлено: {added}, удалено: {removed}',
    added: 'Добавлено: ',
    removed: 'Удалено: ',
    folded: '… строк без изменений: {count}',
    sameLines: 'Изменились только концы строк.',
    loading: 'Загружаем изменения…',
    failed: 'Не удалось загрузить изменения.',
    retry: 'Попробовать снова',
  },
} satisfies Shape<typeof spec.historyTexts>;

const scriptFeed = {
  title: (name: string) => `${name}: обновления загрузчика`,
  entryTitle: (version: number) => `Версия ${version}`,
  noChanges: 'Загрузчик делает то же, что и раньше',
} as const satisfies Shape<typeof spec.scriptFeed>;

/** A script's compatibility table and the works vote's executor picker, wholly Russian (`/ru/…`). */
const compatibility = {
  heading: 'Совместимость',
  intro: formatMessage(
    'ru',
    'Экзекьюторы, с которыми скрипт проверили модераторы, и ответы посетителей за {n, plural, one {последний # день} few {последние # дня} many {последние # дней} other {последние # дня}}.',
    { n: EXECUTOR_VOTE_DAYS },
  ),
  empty: 'Данных о совместимости пока нет. Запускали скрипт? Нажмите «Работает» или «Не работает» выше и укажите, где запускали.',
  columns: { executor: 'Экзекьютор', platforms: 'Платформы', tested: 'Проверка', works: 'Работает', broken: 'Не работает' },
  tested: 'Проверен',
  notTested: 'Не проверен',
  status: { working: 'Работает', updating: 'Обновляется', patched: 'Пропатчен', discontinued: 'Закрыт' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  where: {
    label: 'Где вы его запускали?',
    none: 'Не скажу',
    hint: 'Необязательно. Тогда ваш ответ «Работает» или «Не работает» засчитается и для этого экзекьютора.',
    loading: 'Загружаем экзекьюторы…',
    failed: 'Не удалось загрузить экзекьюторы.',
    retry: 'Попробовать снова',
  },
} as const satisfies Shape<typeof spec.compatibility>;

/** The report dialog, wholly Russian (`/ru/…`). */
const report = {
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
} as const satisfies Shape<typeof spec.report>;

/** What a vote that was not taken says, wholly Russian (`/ru/…`). */
const votes = {
  failed: 'Ваш голос не сохранён. Попробуйте снова.',
  limited: 'Слишком много голосов подряд. Попробуйте позже.',
  browsersOnly: 'Голоса принимаются только из браузера.',
} as const satisfies Shape<typeof spec.votes>;

/** "What this loader does", wholly Russian (`/ru/…`): the analysis as the panels show it, and its warning. */
const loaderReport = {
  ...analysis.loaderFindings,
  warning: 'Внимание: этот загрузчик делает то, что может раскрыть ваши данные или подвергнуть риску ваш аккаунт. Прочитайте ниже, что он делает, прежде чем копировать его.',
} satisfies Shape<typeof spec.loaderReport>;

export const ru = { detail, footerTexts, detailMeta, historyTexts, scriptFeed, compatibility, report, votes, loaderReport } satisfies Shape<typeof spec>;
