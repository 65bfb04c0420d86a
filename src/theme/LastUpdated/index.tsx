/**
 * «Обновлено 21 ноября 2026 г.» under a page, from the page's last git commit. Replaces
 * theme-classic's version, which abbreviates the month («нояб.») and marks the date with a
 * microdata `itemprop` outside any item (invalid HTML). Pages show no author. The class is the
 * theme's (ThemeClassNames.common.lastUpdated), so its footer layout applies.
 */
import type {ReactNode} from 'react';
import {russianDate} from '@site/src/utils/russianDate';

export default function LastUpdated({lastUpdatedAt}: {lastUpdatedAt?: number | null; lastUpdatedBy?: string | null}): ReactNode {
  if (!lastUpdatedAt) return null;
  const date = new Date(lastUpdatedAt);
  return (
    <span className="theme-last-updated">
      Обновлено <time dateTime={date.toISOString()}>{russianDate(date)}</time>
    </span>
  );
}
