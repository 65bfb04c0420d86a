/** The Russian form of a count: `plural(2, ['символ', 'символа', 'символов'])` → `символа`. */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  return units >= 2 && units <= 4 ? few : many;
}

/** How a query syntax error names what the parser found. */
const lexemeNames: Record<string, string> = {
  FIELD: 'имя поля',
  TERM: 'слово',
  PRESENCE: '«+» или «-»',
  EDIT_DISTANCE: '«~»',
  BOOST: '«^»',
  EOS: 'конец запроса',
};
const operatorSigns: Record<string, string> = {EDIT_DISTANCE: '~', BOOST: '^'};
const found = (lexeme: string, value?: string) => (value !== undefined ? `«${operatorSigns[lexeme] ?? ''}${value}»` : (lexemeNames[lexeme] ?? `«${lexeme}»`));

/** The sections whose index could not be used, as the start of a notice. */
const sectionsLeftOut = (labels: string[]) =>
  `${labels.length === 1 ? `Раздел «${labels[0]}» недоступен` : `Разделы ${labels.map((l) => `«${l}»`).join(', ')} недоступны`} для поиска: не удалось загрузить или прочитать ${labels.length === 1 ? 'его индекс' : 'их индексы'}.`;

/** Every text of the search interface (the search bar, the search page, the highlighting). */
export const searchStrings = {
  label: 'Поиск по документации',
  placeholder: 'Поиск',
  clear: 'Очистить поиск',
  results: 'Результаты поиска',
  loading: 'Загружается поисковый индекс…',
  notLoaded: 'Поисковый индекс загрузится, когда вы начнёте вводить запрос.',
  failed: 'Не удалось загрузить поисковый индекс. Проверьте подключение к сети и повторите попытку.',
  /** The name of the pages outside every section (home page, FAQ) when their index fails. */
  otherPages: 'Общие страницы',
  missing: (label?: string) => (label ? `Поисковый индекс раздела «${label}» не найден на сервере.` : 'Поисковый индекс не найден на сервере.'),
  damaged: (label?: string) =>
    label ? `Поисковый индекс раздела «${label}» повреждён: его не удалось прочитать.` : 'Поисковый индекс повреждён: его не удалось прочитать.',
  unavailable: (...labels: string[]) => `${sectionsLeftOut(labels)} Показаны результаты из остальных разделов.`,
  unavailableNothingFound: (...labels: string[]) => `${sectionsLeftOut(labels)} В остальных разделах ничего не найдено.`,
  incomplete: 'Часть поискового индекса не загрузилась: в результатах могут быть не все подходящие страницы.',
  retry: 'Повторить',
  noResults: 'Ничего не найдено',
  /** What to try when a search in part of the documentation found nothing. */
  noResultsHint: 'Проверьте написание, уберите лишние слова или поищите по всей документации.',
  /** …and when the whole documentation was searched. */
  noResultsHintWholeSite: 'Проверьте написание или уберите лишние слова.',
  syntaxError: (message: string) => `Ошибка в запросе: ${message}`,
  queryCut: (chars: number) => `Запрос сокращён до ${chars} ${plural(chars, ['символа', 'символов', 'символов'])}: искали по началу запроса.`,
  termsCut: (terms: number) => `Учтены только первые ${terms} ${plural(terms, ['слово', 'слова', 'слов'])} запроса.`,
  tooSlow: 'Поиск по этому запросу занял слишком много времени и был остановлен. Упростите запрос: сократите его или уберите «~» и «*».',
  syntaxHelp:
    'Синтаксис: +слово — обязательно, -слово — исключить, title:слово — искать в заголовках (поля title, heading, keywords, content), слово~1 — допустить опечатку, слово^2 — сделать важнее, сервер* — слова с этим началом.',
  retyped: (query: string) => `Показаны результаты по запросу «${query}»: раскладка клавиатуры исправлена.`,
  allResults: 'Все результаты',
  within: (label: string) => `Все результаты в «${label}»`,
  outside: (label: string) => `Все результаты вне «${label}»`,
  wholeSite: 'Вся документация',
  outsideOption: (label: string) => `Всё, кроме «${label}»`,
  fallback: (label: string) => `В разделе «${label}» ничего не найдено. Показаны результаты по всей документации.`,
  noResultsAnywhere: (label: string) => `Ничего не найдено ни в разделе «${label}», ни в остальной документации`,
  pageTitle: 'Поиск по документации',
  pageHeading: (query: string) => `Результаты поиска по запросу «${query}»`,
  formLabel: 'Параметры поиска',
  queryLabel: 'Запрос',
  scopeLabel: 'Где искать',
  found: (n: number) => `Найдено страниц: ${n}${n === 10 ? ' (показаны первые 10 — уточните запрос)' : ''}`,
  badVersion: (version: string) => `Версии документации «${version}» нет: у документации одна версия, поиск идёт по ней.`,
  clearHighlight: 'Снять выделение',
} as const;

/** The query parser's complaints, by situation (shown after «Ошибка в запросе: »). */
export const syntaxMessages = {
  editDistance: 'после «~» нужно число — сколько опечаток допустить, например «слово~1»',
  boost: 'после «^» нужно число — во сколько раз слово важнее, например «слово^2»',
  unknownField: (field: string, fields: readonly string[]) => `поля «${field}» нет, есть поля ${fields.map((f) => `«${f}»`).join(', ')}`,
  termMissing: 'после имени поля нужно слово, например «title:docker»',
  termOrFieldMissing: 'после «+» или «-» нужно слово или поле, например «+docker»',
  termExpected: (lexeme: string) => `после имени поля нужно слово, а найдено ${found(lexeme)}`,
  termOrFieldExpected: (lexeme: string) => `после «+» или «-» нужно слово или поле, а найдено ${found(lexeme)}`,
  fieldOrTermExpected: (lexeme: string, value?: string) => `запрос должен начинаться со слова или поля, а найдено ${found(lexeme, value)}`,
  unexpected: (lexeme: string) => `неожиданно ${found(lexeme)}`,
  other: 'запрос не удалось разобрать',
} as const;
