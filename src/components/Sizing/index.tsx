import type {ReactNode} from 'react';
import {groupThousands} from '../../../plugins/rehype-typography';
import {type Amount, sizing} from '../../../data/product';

/**
 * The sizing estimates of data/product.ts as prose values and tables, so that the capacity page,
 * the installation pages and the FAQ show one set of numbers written the Russian way
 * (1 000, 2,5 ТБ, 2–3).
 */

/** A number with a decimal comma and thousands grouped by non-breaking spaces. */
export function formatNumber(n: number): string {
  const [whole, fraction] = String(n).split('.');
  return groupThousands(whole) + (fraction ? `,${fraction}` : '');
}

/** A count or a range «2–3». */
export function formatAmount(a: Amount): string {
  return typeof a === 'number' ? formatNumber(a) : `${formatNumber(a[0])}–${formatNumber(a[1])}`;
}

/** A size in gigabytes, in terabytes from 1 000 GB on. */
export function formatGb(gb: number): string {
  return gb >= 1000 ? `${formatNumber(Math.round(gb / 100) / 10)}\u00A0ТБ` : `${formatNumber(Math.round(gb * 10) / 10)}\u00A0ГБ`;
}

function formatMbit(mbit: number): string {
  return mbit >= 1000 ? `${formatNumber(mbit / 1000)}\u00A0Гбит/с` : `${formatNumber(mbit)}\u00A0Мбит/с`;
}

/** «узел», «узла», «узлов» for the last number of an amount. */
function nodes(a: Amount): string {
  const n = typeof a === 'number' ? a : a[1];
  const last = n % 10;
  const word = n % 100 >= 11 && n % 100 <= 14 ? 'узлов' : last === 1 ? 'узел' : last >= 2 && last <= 4 ? 'узла' : 'узлов';
  return `${formatAmount(a)}\u00A0${word}`;
}

function users(n: number, first: boolean): string {
  return first ? `до\u00A0${formatNumber(n)}` : formatNumber(n);
}

const hasReplicas = (a: Amount) => typeof a !== 'number' || a > 0;

type Column = {head: string; cell: (row: (typeof sizing.rows)[number]) => string};

const TABLES: Record<string, {rows: (typeof sizing.rows)[number][]; columns: Column[]}> = {
  summary: {
    rows: [...sizing.rows],
    columns: [
      {head: 'В сети одновременно', cell: (r) => users(r.online, r === sizing.rows[0])},
      {head: 'Вариант установки', cell: (r) => (r.layout === 'compose' ? 'Docker Compose' : 'кластер или Kubernetes')},
      {head: 'Узлов Time', cell: (r) => formatAmount(r.app.nodes)},
      {head: 'Реплик PostgreSQL', cell: (r) => formatAmount(r.db.replicas)},
      {head: 'Elasticsearch', cell: (r) => (r.search ? `${r.search.optional ? 'по желанию, ' : ''}${nodes(r.search.nodes)}` : 'не нужен')},
    ],
  },
  app: {
    rows: [...sizing.rows],
    columns: [
      {head: 'vCPU на узел', cell: (r) => formatNumber(r.app.vcpu)},
      {head: 'ОЗУ на узел', cell: (r) => formatGb(r.app.ramGb)},
      {head: 'Диск на узел', cell: (r) => formatGb(r.app.diskGb)},
      {head: 'Узлов', cell: (r) => formatAmount(r.app.nodes)},
    ],
  },
  database: {
    rows: [...sizing.rows],
    columns: [
      {head: 'Основной сервер: vCPU / ОЗУ', cell: (r) => `${formatNumber(r.db.vcpu)} / ${formatGb(r.db.ramGb)}`},
      {head: 'Диск основного сервера', cell: (r) => formatGb(r.db.diskGb)},
      {head: 'Реплики чтения', cell: (r) => (hasReplicas(r.db.replicas) ? formatAmount(r.db.replicas) : 'нет')},
      {head: 'Реплика: vCPU / ОЗУ', cell: (r) => (hasReplicas(r.db.replicas) ? `${formatNumber(r.db.vcpu)} / ${formatGb(r.db.ramGb)}` : '—')},
    ],
  },
  files: {
    rows: [...sizing.rows],
    columns: sizing.assumptions.filesProfilesGb.map((perUser) => ({
      head: `Прирост в год, ${formatGb(perUser)} на человека`,
      cell: (r) => formatGb(r.users * perUser),
    })),
  },
  search: {
    rows: sizing.rows.filter((r) => r.search),
    columns: [
      {head: 'Узлов поиска', cell: (r) => `${formatAmount(r.search!.nodes)}${r.search!.optional ? ' (по желанию)' : ''}`},
      {head: 'vCPU / ОЗУ на узел', cell: (r) => `${formatNumber(r.search!.vcpu)} / ${formatGb(r.search!.ramGb)}`},
      {head: 'Диск на узел', cell: (r) => formatGb(r.search!.diskGb)},
    ],
  },
  network: {
    rows: [...sizing.rows],
    columns: [
      {head: 'Канал к пользователям', cell: (r) => formatMbit(r.network.usersMbit)},
      {head: 'Сеть между узлами Time, БД и S3', cell: (r) => formatMbit(r.network.backboneGbit * 1000)},
    ],
  },
};

export type SizingTableName = keyof typeof TABLES;

/**
 * One of the capacity page's tables, one row per user count of data/product.ts. It sits in the same
 * focusable, labelled scrolling region that rehype-a11y gives Markdown tables, which this JSX bypasses.
 */
export function SizingTable({table}: {table: SizingTableName}): ReactNode {
  const spec = TABLES[table];
  if (!spec) throw new Error(`SizingTable: unknown table "${table}" (known: ${Object.keys(TABLES).join(', ')})`);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Таблица: Пользователей">
      <table>
        <thead>
          <tr>
            <th>Пользователей</th>
            {spec.columns.map((c) => (
              <th key={c.head}>{c.head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.rows.map((row) => (
            <tr key={row.users}>
              <td>{users(row.users, row === sizing.rows[0])}</td>
              {spec.columns.map((c) => (
                <td key={c.head}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
