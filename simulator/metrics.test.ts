/**
 * The four metric endpoints over HTTP (app.request): contract shapes and the consistency of the
 * metrics across intervals, metrics and the location tree.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import {
  availabilityPointSchema,
  INTERVALS,
  METRIC_RESPONSE_SCHEMAS,
  METRICS,
  type MetricResponse,
  type Metric,
} from '../src/api/schemas';
import { findLocation } from './locations';
import { sensorOutages } from './model';
import { ALL_DAY, createTestClient, parsed, type TestClient, wallDate } from './test-support';

let client: TestClient;

beforeAll(async () => {
  client = await createTestClient();
});

async function series<M extends Metric>(
  metric: M,
  id: number,
  query: Record<string, string | number | undefined>,
): Promise<MetricResponse<M>> {
  const response = await client.get(`/v2/locations/${id}/${metric}`, query);
  return parsed(METRIC_RESPONSE_SCHEMAS[metric], response) as MetricResponse<M>;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Groups points by their local date. */
function byDate<P extends { window_start: string }>(points: readonly P[]): Map<string, P[]> {
  const groups = new Map<string, P[]>();
  for (const point of points)
    groups.set(wallDate(point.window_start), [...(groups.get(wallDate(point.window_start)) ?? []), point]);
  return groups;
}

describe('contract', () => {
  it.each(METRICS.flatMap((metric) => INTERVALS[metric].map((interval) => [metric, interval] as const)))(
    '%s at %s validates against the contract schema',
    async (metric, interval) => {
      const body = await series(metric, 21, { start_date: '2026-10-26', end_date: '2026-11-08', interval });
      expect(body.metric).toBe(metric);
      expect(body.interval).toBe(interval);
      expect(body.location_id).toBe(21);
      expect(body.name).toBe('Open Workspace, Floor 1');
      expect(body.capacity).toBe(140);
      expect(body.data.length).toBeGreaterThan(0);
    },
  );

  it('echoes the requested range as local midnights, end exclusive', async () => {
    const body = await series('occupancy', 11, { start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(body.time_range).toEqual({ start: '2026-03-01T00:00:00-05:00', end: '2026-04-01T00:00:00-04:00' });
  });

  it('defaults to the daily interval', async () => {
    const body = await series('traffic', 21, { start_date: '2026-11-02', end_date: '2026-11-06' });
    expect(body.interval).toBe('daily');
    expect(body.data.map((point) => point.window_start)).toEqual([
      '2026-11-02T00:00:00+01:00',
      '2026-11-03T00:00:00+01:00',
      '2026-11-04T00:00:00+01:00',
      '2026-11-05T00:00:00+01:00',
      '2026-11-06T00:00:00+01:00',
    ]);
  });

  it('sets timestamp = window_start, and window_end is the next window start', async () => {
    const body = await series('occupancy', 11, { start_date: '2026-06-01', end_date: '2026-06-01', interval: '15min' });
    expect(body.data).toHaveLength(96);
    body.data.forEach((point, index) => {
      expect(point.timestamp).toBe(point.window_start);
      if (index > 0) expect(point.window_start).toBe(body.data[index - 1]?.window_end);
    });
  });
});

describe('consistency across intervals (same samples, same filters)', () => {
  const range = { start_date: '2026-09-07', end_date: '2026-09-20', ...ALL_DAY };

  it("a day's traffic is the sum of its hours' traffic", async () => {
    const daily = await series('traffic', 11, { ...range, interval: 'daily' });
    const hourly = byDate((await series('traffic', 11, { ...range, interval: '60min' })).data);
    expect(daily.data).toHaveLength(14);
    for (const day of daily.data) {
      expect(day.traffic).toBe(sum((hourly.get(wallDate(day.window_start)) ?? []).map((hour) => hour.traffic)));
    }
  });

  it("a day's peak is the max of its hourly peaks, and its mean the mean of full hours", async () => {
    const daily = await series('occupancy', 21, { ...range, interval: 'daily' });
    const hourly = byDate((await series('occupancy', 21, { ...range, interval: 'hourly' })).data);
    for (const day of daily.data) {
      const hours = hourly.get(wallDate(day.window_start)) ?? [];
      expect(hours).toHaveLength(24);
      expect(day.peak_occupancy).toBe(Math.max(...hours.map((hour) => hour.peak_occupancy)));
      const meanOfHours = sum(hours.map((hour) => hour.avg_utilization_percentage)) / hours.length;
      expect(day.avg_utilization_percentage).toBeCloseTo(meanOfHours, 3);
    }
  });

  it('15-, 30- and 60-minute windows agree on peaks and means', async () => {
    const day = { start_date: '2026-09-09', end_date: '2026-09-09' };
    const [quarters, halves, hours] = await Promise.all(
      (['15min', '30min', '60min'] as const).map((interval) => series('occupancy', 11, { ...day, interval })),
    );
    expect([quarters?.data.length, halves?.data.length, hours?.data.length]).toEqual([96, 48, 24]);
    hours?.data.forEach((hour, index) => {
      const parts = quarters?.data.slice(4 * index, 4 * index + 4) ?? [];
      const halfParts = halves?.data.slice(2 * index, 2 * index + 2) ?? [];
      expect(hour.peak_occupancy).toBe(Math.max(...parts.map((part) => part.peak_occupancy)));
      expect(hour.peak_occupancy).toBe(Math.max(...halfParts.map((part) => part.peak_occupancy)));
      const quarterMean = sum(parts.map((part) => part.avg_utilization_percentage)) / 4;
      expect(hour.avg_utilization_percentage).toBeCloseTo(quarterMean, 3);
    });
  });

  it("a week's traffic is the sum of its days', and weeks start on Monday", async () => {
    const weekly = await series('traffic', 12, { ...range, interval: 'weekly' });
    const daily = await series('traffic', 12, { ...range, interval: 'daily' });
    expect(weekly.data.map((week) => week.window_start)).toEqual([
      '2026-09-07T00:00:00-04:00',
      '2026-09-14T00:00:00-04:00',
    ]);
    expect(weekly.data.map((week) => week.traffic)).toEqual([
      sum(daily.data.slice(0, 7).map((day) => day.traffic)),
      sum(daily.data.slice(7).map((day) => day.traffic)),
    ]);
  });

  it('clips weekly and monthly windows to the range', async () => {
    const query = { start_date: '2026-09-09', end_date: '2026-10-06', ...ALL_DAY };
    const weekly = await series('traffic', 12, { ...query, interval: 'weekly' });
    expect(weekly.data[0]?.window_start).toBe('2026-09-09T00:00:00-04:00');
    expect(weekly.data.at(-1)?.window_end).toBe('2026-10-07T00:00:00-04:00');
    const monthly = await series('traffic', 12, { ...query, interval: 'monthly' });
    expect(monthly.data.map((month) => [month.window_start, month.window_end])).toEqual([
      ['2026-09-09T00:00:00-04:00', '2026-10-01T00:00:00-04:00'],
      ['2026-10-01T00:00:00-04:00', '2026-10-07T00:00:00-04:00'],
    ]);
    const daily = await series('traffic', 12, { ...query, interval: 'daily' });
    expect(sum(monthly.data.map((month) => month.traffic))).toBe(sum(daily.data.map((day) => day.traffic)));
  });
});

describe('consistency across metrics', () => {
  const day = { start_date: '2026-09-08', end_date: '2026-09-08', ...ALL_DAY };

  it('utilisation is occupancy / capacity (4 decimals)', async () => {
    const body = await series('occupancy', 21, { ...day, interval: 'hourly' });
    for (const point of body.data) {
      expect(point.peak_utilization_percentage).toBe(Math.round((point.peak_occupancy / 140) * 10_000) / 10_000);
      expect(Math.abs(point.avg_utilization_percentage * 140 - point.avg_occupancy)).toBeLessThanOrEqual(0.51);
    }
  });

  it('availability is 1 exactly where nobody was there, and below 1 elsewhere', async () => {
    const occupancy = await series('occupancy', 23, { ...day, interval: 'hourly' });
    const availability = await series('availability', 23, { ...day, interval: 'hourly' });
    expect(availability.data.map((point) => point.window_start)).toEqual(
      occupancy.data.map((point) => point.window_start),
    );
    availability.data.forEach((point, index) => {
      const peak = occupancy.data[index]?.peak_occupancy ?? -1;
      expect(point.availability_percentage === 1).toBe(peak === 0);
      if (peak > 0) expect(point.availability_percentage).toBeLessThan(1);
    });
    const mixed = availability.data.filter(
      (point) => (point.availability_percentage ?? 0) > 0 && (point.availability_percentage ?? 1) < 1,
    );
    expect(mixed.length).toBeGreaterThan(0);
  });

  it('dwell time is a positive number of minutes with peak >= average', async () => {
    const body = await series('dwell_time', 21, { start_date: '2026-09-07', end_date: '2026-09-11' });
    expect(body.data).toHaveLength(5);
    for (const point of body.data) {
      expect(point.avg_dwell_time).toBeGreaterThan(30);
      expect(point.avg_dwell_time).toBeLessThan(300);
      expect(point.peak_dwell_time).toBeGreaterThanOrEqual(point.avg_dwell_time ?? Infinity);
    }
  });

  it('a closed day inside the filters is data: 0 people, 0 traffic, availability 1, dwell null', async () => {
    const labourDay = { start_date: '2026-05-01', end_date: '2026-05-01' }; // a Friday, a Berlin holiday
    const outageOnThatDay = sensorOutages(21, 2026, 42).some(
      (outage) =>
        outage.startMs < Date.parse('2026-05-02T00:00:00+02:00') &&
        outage.endMs > Date.parse('2026-05-01T00:00:00+02:00'),
    );
    expect(outageOnThatDay).toBe(false);
    const [occupancy, traffic, availability, dwell] = await Promise.all([
      series('occupancy', 21, labourDay),
      series('traffic', 21, labourDay),
      series('availability', 21, labourDay),
      series('dwell_time', 21, labourDay),
    ]);
    expect(occupancy.data.map((point) => [point.avg_occupancy, point.peak_occupancy])).toEqual([[0, 0]]);
    expect(traffic.data.map((point) => point.traffic)).toEqual([0]);
    expect(availability.data.map((point) => point.availability_percentage)).toEqual([1]);
    expect(dwell.data.map((point) => [point.avg_dwell_time, point.peak_dwell_time])).toEqual([[null, null]]);
  });
});

describe('the location tree', () => {
  const range = { start_date: '2026-09-14', end_date: '2026-09-16', interval: '60min', ...ALL_DAY };

  it("a parent's traffic and occupancy are the sums of its children's, window by window", async () => {
    const outageDays = [2025, 2026].flatMap((year) =>
      [11, 12]
        .flatMap((id) => sensorOutages(id, year, 42))
        .map((outage) => new Date(outage.startMs).toISOString().slice(0, 10)),
    );
    expect(outageDays).not.toContain('2026-09-15'); // a day without outages, so every window has all samples

    const parent = await series('traffic', 10, range);
    const children = await Promise.all([11, 12].map((id) => series('traffic', id, range)));
    expect(parent.capacity).toBe(sum([11, 12].map((id) => findLocation(id)?.capacity ?? 0)));
    parent.data.forEach((point, index) => {
      expect(children.map((child) => child.data[index]?.window_start)).toEqual([
        point.window_start,
        point.window_start,
      ]);
      expect(point.traffic).toBe(sum(children.map((child) => child.data[index]?.traffic ?? 0)));
    });

    const parentOccupancy = await series('occupancy', 10, range);
    const childOccupancy = await Promise.all([11, 12].map((id) => series('occupancy', id, range)));
    parentOccupancy.data.forEach((point, index) => {
      const childAverages = sum(childOccupancy.map((child) => child.data[index]?.avg_occupancy ?? 0));
      expect(Math.abs(point.avg_occupancy - childAverages)).toBeLessThanOrEqual(1);
      const childPeaks = childOccupancy.map((child) => child.data[index]?.peak_occupancy ?? 0);
      expect(point.peak_occupancy).toBeLessThanOrEqual(sum(childPeaks));
      expect(point.peak_occupancy).toBeGreaterThanOrEqual(Math.max(...childPeaks));
    });
  });

  it('a location has no data before its start date: omitted in occupancy, null in availability', async () => {
    const range = { start_date: '2026-05-30', end_date: '2026-06-02' };
    const occupancy = await series('occupancy', 32, range);
    const availability = await series('availability', 32, { ...range, days_filter: '1234567' });
    expect(occupancy.data.map((point) => wallDate(point.window_start))).toEqual(['2026-06-01', '2026-06-02']);
    expect(
      availability.data.map((point) => [wallDate(point.window_start), point.availability_percentage === null]),
    ).toEqual([
      ['2026-05-30', true],
      ['2026-05-31', true],
      ['2026-06-01', false],
      ['2026-06-02', false],
    ]);
  });
});

describe('sensor outages', () => {
  it('omits fully missing windows from occupancy and traffic, and gives null in availability there', async () => {
    const outage = sensorOutages(21, 2025, 42)[0];
    if (outage === undefined) throw new Error('expected an outage');
    const zoneDate = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(ms);
    const range = {
      start_date: zoneDate(outage.startMs - 86_400_000),
      end_date: zoneDate(outage.endMs + 86_400_000),
      interval: 'hourly',
      ...ALL_DAY,
    };
    const occupancy = await series('occupancy', 21, range);
    const availability = await series('availability', 21, range);
    const inside = (point: { window_start: string; window_end: string }) =>
      Date.parse(point.window_start) >= outage.startMs && Date.parse(point.window_end) <= outage.endMs;
    const outside = (point: { window_start: string; window_end: string }) =>
      Date.parse(point.window_end) <= outage.startMs || Date.parse(point.window_start) >= outage.endMs;

    const missingHours = availability.data.filter(inside);
    expect(missingHours.length).toBeGreaterThanOrEqual(1);
    for (const point of missingHours) availabilityPointSchema.parse(point);
    expect(missingHours.every((point) => point.availability_percentage === null)).toBe(true);
    const shown = new Set(occupancy.data.map((point) => point.window_start));
    for (const point of missingHours) expect(shown.has(point.window_start)).toBe(false);
    expect(occupancy.data.some(inside)).toBe(false);
    // Every window away from the outage is there (other outages of the year are far away).
    expect(occupancy.data.length).toBe(
      availability.data.filter((point) => point.availability_percentage !== null).length,
    );
    expect(availability.data.filter(outside).every((point) => point.availability_percentage !== null)).toBe(true);
  });
});

describe('output options', () => {
  const query = { start_date: '2026-09-08', end_date: '2026-09-10' };

  it('--utilization-scale percent multiplies utilisation by 100', async () => {
    const percent = await createTestClient(['--utilization-scale', 'percent']);
    const fraction = await series('occupancy', 21, query);
    const scaled = parsed(METRIC_RESPONSE_SCHEMAS.occupancy, await percent.get('/v2/locations/21/occupancy', query));
    scaled.data.forEach((point, index) => {
      const base = fraction.data[index];
      expect(point.avg_occupancy).toBe(base?.avg_occupancy);
      expect(point.avg_utilization_percentage).toBeCloseTo((base?.avg_utilization_percentage ?? NaN) * 100, 6);
      expect(point.peak_utilization_percentage).toBeCloseTo((base?.peak_utilization_percentage ?? NaN) * 100, 6);
    });
    expect(Math.max(...scaled.data.map((point) => point.peak_utilization_percentage))).toBeGreaterThan(1);
  });

  it('--dwell-unit seconds gives the same dwell times in seconds', async () => {
    const seconds = await createTestClient(['--dwell-unit', 'seconds']);
    const minutes = await series('dwell_time', 21, query);
    const inSeconds = parsed(
      METRIC_RESPONSE_SCHEMAS.dwell_time,
      await seconds.get('/v2/locations/21/dwell_time', query),
    );
    expect(inSeconds.data).toHaveLength(3);
    inSeconds.data.forEach((point, index) => {
      const base = minutes.data[index];
      expect(Math.abs((point.avg_dwell_time ?? NaN) - (base?.avg_dwell_time ?? NaN) * 60)).toBeLessThanOrEqual(30);
      expect(Math.abs((point.peak_dwell_time ?? NaN) - (base?.peak_dwell_time ?? NaN) * 60)).toBeLessThanOrEqual(30);
    });
  });
});

describe('texture', () => {
  it('a location’s visit length changes from day to day and with the weekday', async () => {
    // Main Concourse, open every day: 7 days of daily dwell time.
    const body = await series('dwell_time', 11, { start_date: '2026-11-11', end_date: '2026-11-17' });
    const values = body.data.map((point) => point.avg_dwell_time);
    expect(values.every((value) => value !== null)).toBe(true);
    expect(new Set(values).size).toBeGreaterThanOrEqual(4);
  });

  it('visits last longer around midday than early in the morning (Little’s law over hourly traffic)', async () => {
    // Person-minutes ÷ entries by wall hour over four weeks of Main Concourse.
    const query = { start_date: '2026-10-19', end_date: '2026-11-15', interval: '60min' };
    const [occupancy, traffic] = await Promise.all([
      series('occupancy', 11, { ...query, limit: 1000 }),
      series('traffic', 11, { ...query, limit: 1000 }),
    ]);
    const dwellAt = (hour: number) => {
      const at = (p: { window_start: string }) => Number(p.window_start.slice(11, 13)) === hour;
      const minutes = sum(occupancy.data.filter(at).map((p) => p.avg_occupancy * 60));
      return minutes / sum(traffic.data.filter(at).map((p) => p.traffic));
    };
    expect(dwellAt(13)).toBeGreaterThan(dwellAt(6));
  });

  it('the Innovation Lab’s sensor is silent on Tuesday afternoons, so any 7 days hold one', async () => {
    const body = await series('occupancy', 32, { start_date: '2026-11-12', end_date: '2026-11-18', interval: '60min' });
    const tuesday = body.data.filter((point) => wallDate(point.window_start) === '2026-11-17');
    const hours = tuesday.map((point) => Number(point.window_start.slice(11, 13)));
    expect(hours.length).toBeGreaterThan(0);
    expect(hours.filter((hour) => hour >= 13 && hour < 18)).toEqual([]);
    expect(hours).toContain(12);
  });
});
