/**
 * `alignWindows` against real IANA zones: hourly series built with date-fns-tz (never with lib/time), over ranges
 * that put a DST change on the current side, the previous side, or both (52 weeks apart the changes often fall on
 * the same weekday). The expected partner of each current window is found by wall-clock strings alone: the previous
 * window whose local `yyyy-MM-dd'T'HH:mm` is the current one's with the date moved back shiftDays days, taking the
 * k-th such window (by instant) for the k-th current window with that wall clock.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { HOUR_MS } from '../lib/time-spans';
import { alignWindows } from './periods';

/** Local dates of the DST changes of 2025–2027 (checked below against date-fns-tz). */
const DST_DATES = {
  'America/New_York': ['2025-03-09', '2025-11-02', '2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'],
  'Europe/Berlin': ['2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'],
  'Australia/Sydney': ['2025-04-06', '2025-10-05', '2026-04-05', '2026-10-04', '2027-04-04', '2027-10-03'],
} as const;
type Zone = keyof typeof DST_DATES;
const ZONES = Object.keys(DST_DATES) as Zone[];

interface ZonedWindow {
  timestamp: string;
  window_start: string;
  window_end: string;
  /** The local wall clock, `yyyy-MM-dd'T'HH:mm`, from date-fns-tz. */
  wall: string;
  instantMs: number;
}

function shiftDate(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

function localMidnight(zone: Zone, date: string): number {
  return fromZonedTime(`${date}T00:00:00`, zone).getTime();
}

/** Every hourly window of the local dates first … last in `zone`, as a server there would send them. */
function hourlySeries(zone: Zone, first: string, last: string): ZonedWindow[] {
  const end = localMidnight(zone, shiftDate(last, 1));
  const stamps: { text: string; ms: number }[] = [];
  for (let ms = localMidnight(zone, first); ms <= end; ms += HOUR_MS) {
    stamps.push({ text: formatInTimeZone(ms, zone, "yyyy-MM-dd'T'HH:mm:ssXXX"), ms });
  }
  return stamps.slice(0, -1).map((stamp, i) => ({
    timestamp: stamp.text,
    window_start: stamp.text,
    window_end: stamps[i + 1]!.text,
    wall: stamp.text.slice(0, 16),
    instantMs: stamp.ms,
  }));
}

function hoursInDay(zone: Zone, date: string): number {
  return (localMidnight(zone, shiftDate(date, 1)) - localMidnight(zone, date)) / HOUR_MS;
}

/** The expected partner of each current window, by wall-clock strings. */
function expectedPartners(current: ZonedWindow[], previous: ZonedWindow[], shiftDays: number) {
  const byInstant = (a: ZonedWindow, b: ZonedWindow) => a.instantMs - b.instantMs;
  return current.map((window) => {
    const occurrence = current.filter(
      (other) => other.wall === window.wall && other.instantMs < window.instantMs,
    ).length;
    const target = `${shiftDate(window.wall.slice(0, 10), -shiftDays)}${window.wall.slice(10)}`;
    const candidates = previous.filter((other) => other.wall === target).sort(byInstant);
    return candidates[occurrence] ?? null;
  });
}

function dropIndexes<T>(items: T[], drop: number[]): T[] {
  const dropped = new Set(drop);
  return items.filter((_, i) => !dropped.has(i));
}

const caseArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    dstIndex: fc.nat(5),
    shiftDays: fc.constantFrom(7, 364),
    dstSide: fc.constantFrom('current', 'previous'),
    startBefore: fc.integer({ min: -1, max: 3 }),
    days: fc.integer({ min: 1, max: 4 }),
    extraBefore: fc.integer({ min: 0, max: 1 }),
    extraAfter: fc.integer({ min: 0, max: 1 }),
    dropCurrent: fc.uniqueArray(fc.nat(120), { maxLength: 8 }),
    dropPrevious: fc.uniqueArray(fc.nat(150), { maxLength: 8 }),
    reversePrevious: fc.boolean(),
  })
  .map((c) => {
    const anchor = shiftDate(DST_DATES[c.zone][c.dstIndex]!, -c.startBefore);
    const currentStart = c.dstSide === 'current' ? anchor : shiftDate(anchor, c.shiftDays);
    const currentEnd = shiftDate(currentStart, c.days - 1);
    const previousStart = shiftDate(currentStart, -c.shiftDays - c.extraBefore);
    const previousEnd = shiftDate(currentEnd, -c.shiftDays + c.extraAfter);
    const current = dropIndexes(hourlySeries(c.zone, currentStart, currentEnd), c.dropCurrent);
    const previous = dropIndexes(hourlySeries(c.zone, previousStart, previousEnd), c.dropPrevious);
    return { ...c, current, previous: c.reversePrevious ? previous.reverse() : previous };
  });

describe('alignWindows over real zones (property)', () => {
  it('the DST dates used are the days with 23 or 25 hours', () => {
    for (const zone of ZONES) {
      for (const date of DST_DATES[zone]) expect([23, 25]).toContain(hoursInDay(zone, date));
      expect(hoursInDay(zone, '2026-06-15')).toBe(24);
    }
  });

  it('pairs each current window with the previous one at the same local wall time a week / 52 weeks earlier', () => {
    const seen = { currentDst: 0, previousDst: 0, unpairedCurrent: 0, repeatedHourPaired: 0 };
    fc.assert(
      fc.property(caseArb, ({ current, previous, shiftDays }) => {
        const { pairs, unpairedPrevious } = alignWindows(current, previous, shiftDays);
        const expected = expectedPartners(current, previous, shiftDays);

        expect(pairs.map((pair) => pair.current)).toEqual(current);
        expect(pairs.map((pair) => pair.previous)).toEqual(expected);
        // Every previous window is either paired once or listed as unpaired, in the previous series' order.
        const paired = new Set(expected.filter((window) => window !== null));
        expect(paired.size).toBe(expected.filter((window) => window !== null).length);
        expect(unpairedPrevious).toEqual(previous.filter((window) => !paired.has(window)));

        const repeatedWall = (series: ZonedWindow[]) => new Set(series.map((w) => w.wall)).size < series.length;
        if (current.some((w) => !w.window_start.endsWith(current[0]!.window_start.slice(-6)))) seen.currentDst++;
        if (previous.some((w) => !w.window_start.endsWith(previous[0]!.window_start.slice(-6)))) seen.previousDst++;
        if (expected.includes(null)) seen.unpairedCurrent++;
        if (repeatedWall(current) && repeatedWall(previous)) seen.repeatedHourPaired++;
      }),
      { seed: 2026_11_01, numRuns: 200 },
    );
    // The runs did reach the cases that matter.
    expect(seen.currentDst).toBeGreaterThan(20);
    expect(seen.previousDst).toBeGreaterThan(20);
    expect(seen.unpairedCurrent).toBeGreaterThan(20);
    expect(seen.repeatedHourPaired).toBeGreaterThan(0);
  });
});
