/** Hour and day filters: defaults, combinations, their echo, and strict mode. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { METRIC_RESPONSE_SCHEMAS } from '../src/api/schemas';
import { createTestClient, dayCode, expectProblem, parsed, type TestClient, wallDate, wallHour } from './test-support';

let client: TestClient;

beforeAll(async () => {
  client = await createTestClient();
});

/** Monday 2026-11-09 to Sunday 2026-11-15: no DST change, no holiday. */
const WEEK = { start_date: '2026-11-09', end_date: '2026-11-15' };

async function availability(id: number, query: Record<string, string | number | undefined>) {
  const response = await client.get(`/v2/locations/${id}/availability`, query);
  return parsed(METRIC_RESPONSE_SCHEMAS.availability, response);
}

function daysIn(range: { start_date: string; end_date: string }): string[] {
  const dates: string[] = [];
  for (
    let ms = Date.parse(`${range.start_date}T00:00:00Z`);
    ms <= Date.parse(`${range.end_date}T00:00:00Z`);
    ms += 86_400_000
  ) {
    dates.push(new Date(ms).toISOString().slice(0, 10));
  }
  return dates;
}

describe('defaults', () => {
  it('an office at hourly interval only has 07:00..19:00 windows on Monday..Friday by default', async () => {
    const body = await availability(21, { ...WEEK, interval: 'hourly' });
    expect(body.hour_range).toEqual({ start: 7, end: 19 });
    expect(body.days_of_week).toEqual([2, 3, 4, 5, 6]);
    expect(body.data).toHaveLength(5 * 13);
    expect(new Set(body.data.map((point) => wallHour(point.window_start)))).toEqual(
      new Set([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    );
    expect(new Set(body.data.map((point) => wallDate(point.window_start)))).toEqual(
      new Set(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']),
    );
  });

  it('a 24/7 location defaults to every hour of every day', async () => {
    const body = await availability(11, { ...WEEK, interval: 'hourly' });
    expect(body.hour_range).toEqual({ start: 0, end: 23 });
    expect(body.days_of_week).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.data).toHaveLength(7 * 24);
  });
});

describe('the eight combinations of the three filters', () => {
  const combinations = [false, true].flatMap((start) =>
    [false, true].flatMap((end) => [false, true].map((days) => ({ start, end, days }))),
  );

  it.each(combinations)('start %o, end %o, days %o: applied and echoed', async ({ start, end, days }) => {
    const query = {
      ...WEEK,
      interval: '60min',
      start_hour_filter: start ? 9 : undefined,
      end_hour_filter: end ? 17 : undefined,
      days_filter: days ? '642' : undefined,
    };
    const expectedHours = { start: start ? 9 : 7, end: end ? 17 : 19 };
    const expectedDays = days ? [2, 4, 6] : [2, 3, 4, 5, 6];
    const body = await availability(21, query);
    expect(body.hour_range).toEqual(expectedHours);
    expect(body.days_of_week).toEqual(expectedDays);
    expect(body.data).toHaveLength(expectedDays.length * (expectedHours.end - expectedHours.start + 1));
    for (const point of body.data) {
      expect(wallHour(point.window_start)).toBeGreaterThanOrEqual(expectedHours.start);
      expect(wallHour(point.window_start)).toBeLessThanOrEqual(expectedHours.end);
      expect(expectedDays).toContain(dayCode(wallDate(point.window_start)));
    }
  });
});

describe('filters on daily, weekly and monthly windows', () => {
  it('end_hour_filter is inclusive: 17 keeps 17:00-17:59', async () => {
    const query = { ...WEEK, days_filter: '3', start_hour_filter: 17, end_hour_filter: 17 };
    const daily = parsed(METRIC_RESPONSE_SCHEMAS.traffic, await client.get('/v2/locations/11/traffic', query));
    const hourly = parsed(
      METRIC_RESPONSE_SCHEMAS.traffic,
      await client.get('/v2/locations/11/traffic', { ...query, interval: '60min' }),
    );
    expect(hourly.data.map((point) => point.window_start)).toEqual(['2026-11-10T17:00:00-05:00']);
    expect(daily.data.map((point) => point.traffic)).toEqual(hourly.data.map((point) => point.traffic));
  });

  it('emits daily windows only for included days, totalling only included hours', async () => {
    const body = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await client.get('/v2/locations/11/occupancy', {
        ...WEEK,
        days_filter: '17',
        start_hour_filter: 3,
        end_hour_filter: 4,
      }),
    );
    expect(body.data.map((point) => wallDate(point.window_start))).toEqual(['2026-11-14', '2026-11-15']);
    const night = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await client.get('/v2/locations/11/occupancy', {
        ...WEEK,
        days_filter: '17',
        interval: '60min',
        start_hour_filter: 3,
        end_hour_filter: 4,
      }),
    );
    expect(body.data[0]?.peak_occupancy).toBe(Math.max(...night.data.slice(0, 2).map((point) => point.peak_occupancy)));
  });

  it('leaves out weekly windows with no included day', async () => {
    const weekend = { start_date: '2026-11-14', end_date: '2026-11-15', interval: 'weekly' };
    const body = parsed(METRIC_RESPONSE_SCHEMAS.traffic, await client.get('/v2/locations/21/traffic', weekend));
    expect(body.days_of_week).toEqual([2, 3, 4, 5, 6]);
    expect(body.data).toEqual([]);
  });
});

describe('hour order', () => {
  it('refuses a start hour after the end hour, naming both parameters', async () => {
    const problem = expectProblem(
      await client.get('/v2/locations/21/occupancy', { ...WEEK, start_hour_filter: 18, end_hour_filter: 9 }),
      400,
    );
    expect(problem.detail).toContain('start_hour_filter');
    expect(problem.detail).toContain('end_hour_filter');
  });

  it('applies the default before comparing: start 20 alone is after the office closing hour 19', async () => {
    const problem = expectProblem(
      await client.get('/v2/locations/21/occupancy', { ...WEEK, start_hour_filter: 20 }),
      400,
    );
    expect(problem.detail).toMatch(/start_hour_filter 20 .*end_hour_filter 19/);
  });

  it('accepts equal start and end hours', async () => {
    const body = await availability(21, { ...WEEK, interval: 'hourly', start_hour_filter: 12, end_hour_filter: 12 });
    expect(body.data).toHaveLength(5);
  });
});

describe('property: any valid filter combination', () => {
  const THREE_DAYS = { start_date: '2026-07-06', end_date: '2026-07-08' }; // Monday to Wednesday
  const cafe = { hours: { start: 6, end: 20 }, days: [1, 2, 3, 4, 5, 6, 7] };

  it('keeps every window inside the echoed hours and days, and echoes the given values or the defaults', async () => {
    const hour = fc.option(fc.integer({ min: 0, max: 23 }), { nil: undefined });
    const days = fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(hour, hour, days, fc.constantFrom('hourly', 'daily'), async (start, end, dayList, interval) => {
        const query = {
          ...THREE_DAYS,
          interval,
          start_hour_filter: start,
          end_hour_filter: end,
          days_filter: dayList?.join(''),
        };
        const expectedHours = { start: start ?? cafe.hours.start, end: end ?? cafe.hours.end };
        const response = await client.get('/v2/locations/12/availability', query);
        if (expectedHours.start > expectedHours.end) {
          expectProblem(response, 400);
          return;
        }
        const body = parsed(METRIC_RESPONSE_SCHEMAS.availability, response);
        const expectedDays = dayList === undefined ? cafe.days : [...dayList].sort((a, b) => a - b);
        expect(body.hour_range).toEqual(expectedHours);
        expect(body.days_of_week).toEqual(expectedDays);
        const includedDates = daysIn(THREE_DAYS).filter((date) => expectedDays.includes(dayCode(date)));
        const hoursPerDay = interval === 'hourly' ? expectedHours.end - expectedHours.start + 1 : 1;
        expect(body.data).toHaveLength(includedDates.length * hoursPerDay);
        for (const point of body.data) {
          expect(includedDates).toContain(wallDate(point.window_start));
          if (interval === 'hourly') {
            expect(wallHour(point.window_start)).toBeGreaterThanOrEqual(expectedHours.start);
            expect(wallHour(point.window_start)).toBeLessThanOrEqual(expectedHours.end);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('--strict-filters', () => {
  it.each(['start_hour_filter', 'end_hour_filter', 'days_filter'])(
    'refuses %s on a sub-daily interval, naming it and the intervals that accept it',
    async (parameter) => {
      const strict = await createTestClient(['--strict-filters']);
      const value = parameter === 'days_filter' ? '23' : '9';
      const problem = expectProblem(
        await strict.get('/v2/locations/21/occupancy', { ...WEEK, interval: '15min', [parameter]: value }),
        400,
      );
      expect(problem.detail).toContain(parameter);
      expect(problem.detail).toContain('only daily, weekly, monthly');
    },
  );

  it('accepts filters on daily windows and no filters on sub-daily ones', async () => {
    const strict = await createTestClient(['--strict-filters']);
    const filtered = { ...WEEK, start_hour_filter: 9, end_hour_filter: 17, days_filter: '23' };
    const daily = parsed(METRIC_RESPONSE_SCHEMAS.occupancy, await strict.get('/v2/locations/21/occupancy', filtered));
    expect(daily.hour_range).toEqual({ start: 9, end: 17 });
    expect(daily.data).toHaveLength(2);
    const hourly = parsed(
      METRIC_RESPONSE_SCHEMAS.availability,
      await strict.get('/v2/locations/21/availability', { ...WEEK, interval: 'hourly' }),
    );
    expect(hourly.data).toHaveLength(5 * 13);
  });
});
