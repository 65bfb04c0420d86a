const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/**
 * «21 ноября 2026 г.» in UTC, with a no-break space before «г.». Written out rather than left to
 * Intl, whose spaces differ between ICU builds (Node and the browser would disagree during
 * hydration). Used by page update dates and the PDF covers.
 */
export function russianDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}\u00a0г.`;
}
