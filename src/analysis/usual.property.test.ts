/**
 * The usual weekday-hour values over generated histories. Each case is a table: for a random `today`, each wall
 * hour and each of the 8 weeks back, no window (an outage), one window, or two (a repeated autumn hour), with counts
 * 0..500. The expected samples of an hour are read off the table alone; windows of other dates are added as noise.
 * Window strings are written here with plain string templates, at offsets chosen per window.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { OccupancyPoint } from '../api/schemas';
import { addDays } from '../lib/time';
import { MIN_USUAL_SAMPLES, USUAL_WEEKS, compareWithUsual, usualDay, type UsualValue } from './usual';

const OFFSETS = ['-05:00', '-04:00', '+09:00', 'Z', '+05:45', '-03:30', '+14:00', '-12:00'] as const;
const WEEKS = Array.from({ length: USUAL_WEEKS }, (_, i) => i + 1);
const pad = (n: number) => String(n).padStart(2, '0');

/** An hourly window starting at wall hour `hour` of `date`, written at `offset` (the end is not read). */
function point(date: string, hour: number, offset: string, avg: number): OccupancyPoint {
  const start = `${date}T${pad(hour)}:00:00${offset}`;
  const end = hour === 23 ? `${addDays(date, 1)}T00:00:00${offset}` : `${date}T${pad(hour + 1)}:00:00${offset}`;
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_occupancy: avg,
    avg_utilization_percentage: 0,
    peak_occupancy: avg,
    peak_utilization_percentage: 0,
  };
}

const countArb = fc.integer({ min: 0, max: 500 });
/** The windows at one wall hour of one date: one normally, two on a repeated autumn hour. */
const slotArb = fc.oneof(
  { arbitrary: fc.tuple(countArb), weight: 5 },
  { arbitrary: fc.tuple(countArb, countArb), weight: 1 },
);
/** One wall hour: the weeks (1..8) that have windows there, each with its windows' counts. */
const hourArb = fc
  .tuple(fc.subarray(WEEKS), fc.array(slotArb, { minLength: USUAL_WEEKS, maxLength: USUAL_WEEKS }))
  .map(([weeks, slots]) => new Map(weeks.map((k) => [k, slots[k - 1]!] as const)));

/** Dates that are not k weeks back for k = 1..8: today, later, 9 weeks back, other weekdays. */
const NOISE_SHIFTS = [0, 7, 14, -63, -1, -6, -8, -13, -20, -55, -57] as const;

const caseArb = fc.record({
  // 2000-01-01 + up to ~40 years, leap days included.
  today: fc.integer({ min: 0, max: 14_600 }).map((days) => addDays('2000-01-01', days)),
  hours: fc.array(hourArb, { minLength: 24, maxLength: 24 }),
  offsets: fc.infiniteStream(fc.constantFrom(...OFFSETS)),
  noise: fc.array(fc.record({ shift: fc.constantFrom(...NOISE_SHIFTS), hour: fc.nat(23), avg: countArb }), {
    maxLength: 30,
  }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** The table's windows, each at the offset `offsetOf` gives it. */
function tablePoints({ today, hours }: Case, offsetOf: () => string): OccupancyPoint[] {
  return hours.flatMap((weeks, hour) =>
    [...weeks].flatMap(([k, counts]) => counts.map((avg) => point(addDays(today, -7 * k), hour, offsetOf(), avg))),
  );
}

function noisePoints({ today, noise }: Case): OccupancyPoint[] {
  return noise.map(({ shift, hour, avg }) => point(addDays(today, shift), hour, '-05:00', avg));
}

/** The samples of one hour, from the table alone: one per week with windows, the mean of its windows. */
function expectedSamples(weeks: ReadonlyMap<number, readonly number[]>): number[] {
  return [...weeks.values()].map((counts) => counts.reduce((a, b) => a + b, 0) / counts.length);
}

function checkValue(value: UsualValue | null, samples: readonly number[]): void {
  const n = samples.length;
  if (n < MIN_USUAL_SAMPLES) {
    expect(value).toBeNull();
    return;
  }
  expect(value).not.toBeNull();
  const { median, low, high } = value!;
  const sorted = [...samples].sort((a, b) => a - b);
  expect(value!.samples).toBe(n);
  expect(low).toBeGreaterThanOrEqual(sorted[0]!);
  expect(high).toBeLessThanOrEqual(sorted[n - 1]!);
  expect(low).toBeLessThanOrEqual(median);
  expect(median).toBeLessThanOrEqual(high);
  if (n % 2 === 1) expect(median).toBe(sorted[(n - 1) / 2]);
  else expect(median).toBe((sorted[n / 2 - 1]! + sorted[n / 2]!) / 2);
}

const RUNS = { seed: 2026_03_08, numRuns: 150 };

describe('usualDay (property)', () => {
  it('gives, per hour, null iff fewer than 3 samples, else a median inside [low, high] inside [min, max]', () => {
    const seenSamples = new Set<number>();
    fc.assert(
      fc.property(caseArb, (c) => {
        const offsets = c.offsets[Symbol.iterator]();
        const points = [...tablePoints(c, () => offsets.next().value!), ...noisePoints(c)];
        const day = usualDay(points, c.today);
        expect(day).toHaveLength(24);
        c.hours.forEach((weeks, hour) => {
          const samples = expectedSamples(weeks);
          seenSamples.add(samples.length);
          checkValue(day[hour]!, samples);
        });
      }),
      RUNS,
    );
    // Every sample count 0..8 was reached.
    expect([...seenSamples].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('does not depend on the order of the points', () => {
    fc.assert(
      fc.property(
        caseArb.chain((c) => {
          const points = [...tablePoints(c, () => '-05:00'), ...noisePoints(c)];
          return fc.tuple(
            fc.constant(c),
            fc.constant(points),
            fc.shuffledSubarray(points, { minLength: points.length, maxLength: points.length }),
          );
        }),
        ([c, points, shuffled]) => {
          expect(usualDay(shuffled, c.today)).toEqual(usualDay(points, c.today));
        },
      ),
      RUNS,
    );
  });

  it('reads wall clocks, not instants: any offset string on any window gives the same result', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...OFFSETS), (c, single) => {
        const offsets = c.offsets[Symbol.iterator]();
        const mixed = usualDay([...tablePoints(c, () => offsets.next().value!), ...noisePoints(c)], c.today);
        expect(usualDay([...tablePoints(c, () => single), ...noisePoints(c)], c.today)).toEqual(mixed);
        expect(
          usualDay(
            tablePoints(c, () => '-05:00'),
            c.today,
          ),
        ).toEqual(mixed);
      }),
      RUNS,
    );
  });
});

describe('compareWithUsual (property)', () => {
  const bandArb = fc
    .array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: 3, maxLength: 3 })
    .map((values) => {
      const [low, median, high] = values.sort((a, b) => a - b) as [number, number, number];
      return { low, median, high, samples: 3 };
    });

  it("is 'usual' at the band's edges and inside it, 'busier' above, 'quieter' below", () => {
    fc.assert(
      fc.property(bandArb, fc.double({ min: -1000, max: 1000, noNaN: true }), (usual, people) => {
        expect(compareWithUsual(usual.low, usual)).toBe('usual');
        expect(compareWithUsual(usual.high, usual)).toBe('usual');
        expect(compareWithUsual(usual.median, usual)).toBe('usual');
        const expected = people > usual.high ? 'busier' : people < usual.low ? 'quieter' : 'usual';
        expect(compareWithUsual(people, usual)).toBe(expected);
      }),
      RUNS,
    );
  });
});
