import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { createApiClient } from '../../api/client';
import { locationQueries } from '../../locations/queries';
import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../../test/fetch-fakes';
import { locationRecord } from '../../test/location-record';
import { testConfig } from '../../test/render-page';
import { loadRow, type RowContext } from './load-row';
import { WEEK_FILTERS } from '../../test/week-filters';

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
});
