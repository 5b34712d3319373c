/**
 * Per-metric fetchers. The query is validated against the spec before anything is sent (an hour of 24 is
 * refused here, not by the server), the response is validated against the contract, and the shares the spec
 * calls fractions (utilization, availability) are normalised to 0..1 (utilization.ts, availability.ts).
 */
import type { ApiClient } from './client';
import { InvalidRequestError } from './errors';
import { MAX_PAGE_SIZE, metricQuerySchema, type Metric, type MetricQueryInput, type MetricResponse } from './schemas';
import { normalizeAvailability } from './availability';
import { metricResponseSchema } from './fast-points';
import { normalizeUtilization } from './utilization';

export async function fetchMetricPage<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: MetricQueryInput,
  signal?: AbortSignal,
): Promise<MetricResponse<M>> {
  // The spec's default page size is its maximum, but a server's default is not ours to rely on: say it.
  const checked = metricQuerySchema(metric).safeParse({ ...query, limit: query.limit ?? MAX_PAGE_SIZE });
  if (!checked.success) throw new InvalidRequestError(checked.error);
  if (!Number.isSafeInteger(locationId)) throw new RangeError(`Location id must be an integer, got ${locationId}`);

  const response = await client.get(
    `/locations/${locationId}/${metric}`,
    checked.data,
    metricResponseSchema(metric),
    signal,
  );
  return normalizeScales(metric, response);
}

/** Shares the spec calls fractions, normalised to 0..1 whichever scale the server used. */
function normalizeScales<M extends Metric>(metric: M, response: MetricResponse<M>): MetricResponse<M> {
  if (metric === 'occupancy') {
    const occupancy = response as MetricResponse<'occupancy'>;
    return { ...occupancy, data: normalizeUtilization(occupancy.data, occupancy.capacity) } as MetricResponse<M>;
  }
  if (metric === 'availability') {
    const availability = response as MetricResponse<'availability'>;
    return { ...availability, data: normalizeAvailability(availability.data) } as MetricResponse<M>;
  }
  return response;
}
