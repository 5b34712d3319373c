// @vitest-environment jsdom
/**
 * The utilization page's comparison when the range reaches now: the previous period is cut at the same local time
 * (analysis/period-cut.ts), and the change says so. Against a fake server in New York whose every value of a day is
 * one number over its hours 09:00–12:00 (src/test/zoned-metric-server.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationRecord } from '../../api/schemas';
import { renderApp } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

/** Wednesday 18 Nov 2026, 10:30 in New York. */
const NOW = Date.parse('2026-11-18T15:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const record: LocationRecord = {
  location_id: 1,
  name: 'Main Library',
  status: 'active',
  parent_id: null,
  capacity: 10,
  start_date: '2020-01-01',
  time_zone: 'America/New_York',
};

describe('UtilizationPage: a range that reaches now', () => {
  it('compares with the previous period up to the same local time, and says so', async () => {
    // This week 8 a day; the week before 4, but 10 on Wednesday 11 Nov, whose 11:00 hour is after 10:30.
    const api = zonedMetricServer({
      zone: 'America/New_York',
      records: [record],
      level: (date) => (date >= '2026-11-12' ? 8 : date === '2026-11-11' ? 10 : 4),
    });
    renderApp('/locations/1/utilization?range=7d&compare=previous', { fetch: api.fetch });

    const figures = await screen.findByRole('region', { name: 'Headline figures' }, { timeout: 5_000 });
    const delta = () => figures.querySelector('[data-kpi="average-utilization"] [data-delta]');
    await waitFor(() => expect(delta()?.getAttribute('data-delta')).toMatch(/\d/), { timeout: 5_000 });
    // 0.8 against 18 hours at 0.4 and 11 Nov's 09:00 and 10:00 at 1.0 (its whole day would be 21 hours).
    expect(Number(delta()!.getAttribute('data-delta'))).toBeCloseTo(0.8 - (18 * 0.4 + 2 * 1) / 20, 10);
    expect(delta()!.textContent).toContain('vs previous period, to the same time (Wed 10:30)');
    expect(screen.getByText(/^Compared with previous period: .*, to the same time \(Wed 10:30\)$/)).toBeTruthy();
  });
});
