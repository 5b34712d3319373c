import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { createApiClient } from '../../api/client';
import { locationQueries } from '../../locations/queries';
import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../../test/fetch-fakes';
import { locationRecord } from '../../test/location-record';
import { testConfig } from '../../test/render-page';
import { loadRow, type RowContext } from './load-row';
import { WEEK_FILTERS } from '../../test/week-filters';
import { zonedMetricServer } from '../../test/zoned-metric-server';

const NOW = Date.parse('2026-11-18T15:30:00Z');
/** The vendor's record: no zone, so the row learns its date from the one-day probe. */
const RECORD = locationRecord({ location_id: 10, name: 'Midtown Transit Center' });

describe('loadRow', () => {
  it('a row no longer wanted stops waiting for its probe, and leaves the probe to finish for the location page', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeFetch(async (request) => {
      if (request.url.searchParams.get('limit') !== '1') return respondWithProblem(503);
      await answered;
      return respondWithJson(
        metricEnvelope('occupancy', [], {
          time_range: { start: '2026-11-18T00:00:00-05:00', end: '2026-11-19T00:00:00-05:00' },
        }),
      );
    });
    const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const context: RowContext = {
      client,
      queryClient,
      configured: undefined,
      filters: WEEK_FILTERS,
      nowMs: NOW,
    };
    const row = new AbortController();
    const loading = loadRow(context, RECORD, row.signal);
    row.abort();
    await expect(loading).rejects.toBeDefined();

    answer();
    const probe = locationQueries.localDay(client, RECORD.location_id, '2026-11-18');
    await expect.poll(() => queryClient.getQueryState(probe.queryKey)?.status).toBe('success');
  });

  it('compares a range that reaches now with the previous period up to the same local time', async () => {
    // 10:30 in New York on Wednesday 18 Nov: the week before is cut at 10:30 on Wednesday 11 Nov. Levels (the fake's
    // windows are 09:00–12:00): this week 8, the week before 4, but 10 on 11 Nov, whose 11:00 hour is after the cut.
    const api = zonedMetricServer({
      zone: 'America/New_York',
      records: [],
      level: (date) => (date >= '2026-11-12' ? 8 : date === '2026-11-11' ? 10 : 4),
    });
    const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const record = locationRecord({ location_id: 10, capacity: 10, time_zone: 'America/New_York' });
    const context: RowContext = { client, queryClient, configured: undefined, filters: WEEK_FILTERS, nowMs: NOW };
    const row = await loadRow(context, record, new AbortController().signal);

    // This week 0.8; the week before, 18 hours at 0.4 and 11 Nov's 09:00 and 10:00 at 1.0 (not its 11:00).
    expect(row.figures.averageUtilization).toBeCloseTo(0.8, 10);
    expect(row.figures.averageUtilizationChange).toBeCloseTo(0.8 - (18 * 0.4 + 2 * 1) / 20, 10);
  });
});
