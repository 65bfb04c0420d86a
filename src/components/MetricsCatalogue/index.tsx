import type {ReactNode} from 'react';
import {type Metric, type MetricSource, type MetricType, metricSources, metrics} from '../../../data/metrics';

/**
 * The metrics catalogue of data/metrics.ts as a table, so that the monitoring guide and the metrics
 * settings page show one list, the same one the shipped alert rules and dashboard are checked against.
 */

const TYPE_NAMES: Record<MetricType, string> = {
  counter: 'счётчик',
  gauge: 'текущее значение',
  histogram: 'гистограмма',
  summary: 'сводка (summary)',
};

/** Text with `code` spans, as the catalogue writes it, turned into elements. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={i}>{part.slice(1, -1)}</code> : part));
}

function labels(metric: Metric): ReactNode {
  const names = metric.labels.map((l, i) => (
    <span key={l}>
      {i > 0 && ', '}
      <code>{l}</code>
    </span>
  ));
  if (metric.labelsNote) return [...names, names.length ? '; ' : '', ...inline(metric.labelsNote)];
  return names.length ? names : '—';
}

/**
 * The catalogue's metrics of the given sources (all by default), one row each. Server and process
 * metrics are shown without the server's prefix, as the catalogue keeps them.
 */
export default function MetricsCatalogue({sources}: {sources?: readonly MetricSource[]}): ReactNode {
  const unknown = (sources ?? []).filter((s) => !(s in metricSources));
  if (unknown.length) throw new Error(`MetricsCatalogue: unknown source ${unknown.join(', ')} (known: ${Object.keys(metricSources).join(', ')})`);
  const shown = metrics.filter((m) => !sources || sources.includes(m.source));
  const prefixed = shown.some((m) => metricSources[m.source].prefixed);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Таблица: метрики">
      <table>
        <thead>
          <tr>
            <th>{prefixed ? 'Метрика (без префикса сервера)' : 'Метрика'}</th>
            <th>Источник</th>
            <th>Тип</th>
            <th>Метки</th>
            <th>Что показывает</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((m) => (
            <tr key={m.name} id={`metric-${m.name.toLowerCase().replace(/_/g, '-')}`}>
              <td>
                <code>{m.name}</code>
              </td>
              <td>{metricSources[m.source].title}</td>
              <td>{TYPE_NAMES[m.type]}</td>
              <td>{labels(m)}</td>
              <td>{inline(m.meaning)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
