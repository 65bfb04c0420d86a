import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import LastUpdated from '../../src/theme/LastUpdated';
import {russianDate as formatDate} from '../../src/utils/russianDate';

describe('the update date under a page', () => {
  it('is written out in Russian, in UTC, with a no-break space before «г.»', () => {
    expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toBe('20 ноября 2026\u00a0г.');
    expect(formatDate(new Date('2027-01-01T00:00:00Z'))).toBe('1 января 2027\u00a0г.');
    expect(formatDate(new Date('2026-05-09T12:00:00+05:00'))).toBe('9 мая 2026\u00a0г.');
  });

  it('says «Обновлено» with a machine-readable date, and nothing without a date', () => {
    expect(renderToStaticMarkup(<LastUpdated lastUpdatedAt={Date.UTC(2026, 10, 21)} />)).toBe(
      '<span class="theme-last-updated">Обновлено <time dateTime="2026-11-21T00:00:00.000Z">21 ноября 2026\u00a0г.</time></span>',
    );
    expect(renderToStaticMarkup(<LastUpdated lastUpdatedAt={undefined} />)).toBe('');
  });
});
