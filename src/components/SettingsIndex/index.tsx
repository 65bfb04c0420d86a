import {Fragment, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface SettingsIndexEntry {
  key: string;
  /** null for plugin settings: the server reads them only as one map of all plugins. */
  env: string | null;
  name: string;
  console: string;
  url: string;
  /** `time` for Time's own settings, which servers of the Mattermost lineage do not have. */
  origin: 'lineage' | 'time';
}

export type OriginFilter = '' | 'lineage' | 'time';

/** Lower case, ё as е, no separators: what the filter compares. */
export function normalize(value: string): string {
  return value
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s._\-→]+/g, '');
}

export function filterEntries(entries: SettingsIndexEntry[], query: string, section: string, origin: OriginFilter = ''): SettingsIndexEntry[] {
  const q = normalize(query);
  return entries.filter(
    (e) =>
      (section === '' || e.console.split(' → ')[0] === section) &&
      (origin === '' || e.origin === origin) &&
      (q === '' || [e.key, e.env ?? '', e.name, e.console].some((field) => normalize(field).includes(q))),
  );
}

/** Text with a line-break opportunity after each dot and underscore: long keys wrap at word joins. */
export function Breakable({text}: {text: string}): ReactNode {
  const parts = text.split(/(?<=[._])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** Every setting of the catalogue in one table, filtered by text and by console section. */
export default function SettingsIndex({entries}: {entries: SettingsIndexEntry[]}): ReactNode {
  const [query, setQuery] = useState('');
  const [section, setSection] = useState('');
  const [origin, setOrigin] = useState<OriginFilter>('');
  const sections = useMemo(() => [...new Set(entries.map((e) => e.console.split(' → ')[0]))].sort(), [entries]);
  const shown = filterEntries(entries, query, section, origin);
  return (
    <div className={styles.index}>
      <div className={styles.controls} role="search">
        <label className={styles.field}>
          <span>Ключ, переменная или название</span>
          <input type="search" value={query} placeholder="например, SiteURL или SMTP" onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>Раздел консоли</span>
          <select value={section} onChange={(e) => setSection(e.target.value)}>
            <option value="">Все разделы</option>
            {sections.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Происхождение</span>
          <select value={origin} onChange={(e) => setOrigin(e.target.value as OriginFilter)}>
            <option value="">Все параметры</option>
            <option value="lineage">Общие с линией Mattermost</option>
            <option value="time">Собственные параметры Time</option>
          </select>
        </label>
      </div>
      <p className={styles.count} aria-live="polite">
        Показано {shown.length} из {entries.length}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Таблица параметров">
        <table className={styles.table}>
          <colgroup>
            <col />
            <col />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Название в консоли</th>
              <th scope="col">Ключ в config.json</th>
              <th scope="col">Переменная окружения</th>
              <th scope="col">Раздел</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.key}>
                <td>
                  <Link to={e.url}>{e.name}</Link>
                  {e.origin === 'time' && (
                    <>
                      {' '}
                      <span className={styles.own} title="Собственный параметр Time: в серверах линии Mattermost его нет">
                        Time
                      </span>
                    </>
                  )}
                </td>
                <td>
                  <code>
                    <Breakable text={e.key} />
                  </code>
                </td>
                <td>
                  {e.env ? (
                    <code>
                      <Breakable text={e.env} />
                    </code>
                  ) : (
                    'нет своей'
                  )}
                </td>
                <td>{e.console}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p>Ничего не найдено. Измените запрос или выберите «Все разделы».</p>}
    </div>
  );
}
