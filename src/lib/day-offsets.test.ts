/**
 * Offsets over time read from vendor-shaped windows (lib/day-offsets.ts), where a change is placed when no window
 * shows it (lib/offset-change.ts), and the local days and hours that follow (lib/local-clock.ts). Windows and
 * expected instants come from date-fns-tz (src/test/zoned-time-range.ts), never from the code under test.
 */
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { offsetIn, offsetTimeline, windowObservations } from './day-offsets';
import { localDayStart, localHours, windowsClock } from './local-clock';
import { placeOffsetChange, zoneOffsetMinutes } from './offset-change';
import { addDays } from './time';
import { HOUR_MS, MINUTE_MS } from './time-spans';
import { zonedHours, zonedTimeRange } from '../test/zoned-time-range';

/**
 * Each change of 2025 in the three cities: the local date, the instant (UTC), the offsets before and after, and the
 * wall hour the day skips (spring) or repeats (autumn).
 */
const CHANGES = [
  ['America/New_York', '2025-03-09', '2025-03-09T07:00:00Z', -300, -240, 2],
  ['America/New_York', '2025-11-02', '2025-11-02T06:00:00Z', -240, -300, 1],
  ['Europe/Berlin', '2025-03-30', '2025-03-30T01:00:00Z', 60, 120, 2],
  ['Europe/Berlin', '2025-10-26', '2025-10-26T01:00:00Z', 120, 60, 2],
  ['Australia/Sydney', '2025-04-06', '2025-04-05T16:00:00Z', 660, 600, 2],
  ['Australia/Sydney', '2025-10-05', '2025-10-04T16:00:00Z', 600, 660, 2],
] as const;

const hourOf = (wallMs: number) => new Date(wallMs).getUTCHours();

describe('zoneOffsetMinutes', () => {
  it('is the offset date-fns-tz formats, at any minute, the hours around changes included (property)', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    const around = CHANGES.map(([, , at]) => Date.parse(at));
    const instant = fc.oneof(
      fc
        .integer({ min: Date.UTC(2025, 0, 1) / MINUTE_MS, max: Date.UTC(2027, 0, 1) / MINUTE_MS })
        .map((m) => m * MINUTE_MS),
      fc.tuple(fc.constantFrom(...around), fc.integer({ min: -600, max: 600 })).map(([at, m]) => at + m * MINUTE_MS),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, (zone, ms) => {
        const [sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(formatInTimeZone(ms, zone, 'xxx'))!.slice(1);
        expect(zoneOffsetMinutes(zone, ms)).toBe((sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)));
      }),
      { seed: 20250309, numRuns: 1000 },
    );
  });
});

describe('placeOffsetChange', () => {
  it('takes the first instant seen on the new offset when the two sides are an hour apart or less', () => {
    const lastOldMs = Date.UTC(2025, 2, 30, 0);
    expect(placeOffsetChange({ lastOldMs, firstNewMs: lastOldMs + HOUR_MS, from: 60, to: 120 })).toBe(
      lastOldMs + HOUR_MS,
    );
    expect(placeOffsetChange({ lastOldMs, firstNewMs: lastOldMs + 15 * MINUTE_MS, from: 60, to: 120 })).toBe(
      lastOldMs + 15 * MINUTE_MS,
    );
  });

  it.each(CHANGES)('across %s’s whole local day %s, the zone’s own instant', (zone, date, at, from, to) => {
    const range = zonedTimeRange(zone, date, date);
    const stretch = { lastOldMs: Date.parse(range.start), firstNewMs: Date.parse(range.end), from, to };
    expect(new Date(placeOffsetChange(stretch)).toISOString()).toBe(new Date(at).toISOString());
    // Across a long weekend with no window (Friday evening to Monday morning), the same.
    const weekend = {
      ...stretch,
      lastOldMs: stretch.lastOldMs - 30 * HOUR_MS,
      firstNewMs: stretch.firstNewMs + 8 * HOUR_MS,
    };
    expect(placeOffsetChange(weekend)).toBe(Date.parse(at));
  });

  it('with no zone changing so, at 02:00 on the old offset, or the first instant seen on the new one without a 02:00', () => {
    // No zone goes from UTC+05:00 to UTC+06:00 in March 2025.
    const lastOldMs = Date.UTC(2025, 2, 15, 15); // 20:00 at +05:00
    expect(placeOffsetChange({ lastOldMs, firstNewMs: lastOldMs + 20 * HOUR_MS, from: 300, to: 360 })).toBe(
      Date.UTC(2025, 2, 15, 21), // 02:00 at +05:00
    );
    expect(placeOffsetChange({ lastOldMs, firstNewMs: lastOldMs + 5 * HOUR_MS, from: 300, to: 360 })).toBe(
      lastOldMs + 5 * HOUR_MS,
    );
  });
});

describe('offsets read from windows', () => {
  it.each(CHANGES)('%s on %s: one change, at the instant windows meet it', (zone, date, at, from, to) => {
    const windows = zonedHours(zone, date, date);
    expect(offsetTimeline(windowObservations(windows))).toEqual({
      first: from,
      changes: [{ atMs: Date.parse(at), from, to }],
    });
  });

  it.each(CHANGES)(
    '%s on %s, open 08:00–18:59 only: the change placed at the zone’s own instant',
    (zone, date, at, from, to) => {
      const open = zonedHours(zone, addDays(date, -1), date).filter((w) => {
        const hour = Number(w.window_start.slice(11, 13));
        return hour >= 8 && hour <= 18;
      });
      expect(offsetTimeline(windowObservations(open))).toEqual({
        first: from,
        changes: [{ atMs: Date.parse(at), from, to }],
      });
    },
  );

  it('offsets before, at and after changes; none without observations', () => {
    const timeline = offsetTimeline([
      { instantMs: 5 * HOUR_MS, offsetMinutes: 120 },
      { instantMs: 0, offsetMinutes: 60 },
      { instantMs: HOUR_MS, offsetMinutes: 120 },
      { instantMs: 9 * HOUR_MS, offsetMinutes: 60 },
      { instantMs: 10 * HOUR_MS, offsetMinutes: 60 },
    ])!;
    expect(timeline.changes.map((change) => change.atMs)).toEqual([HOUR_MS, 9 * HOUR_MS]);
    expect(
      [-HOUR_MS, 0, HOUR_MS - 1, HOUR_MS, 8 * HOUR_MS, 9 * HOUR_MS, 99 * HOUR_MS].map((ms) => offsetIn(timeline, ms)),
    ).toEqual([60, 60, 60, 120, 120, 60, 60]);
    expect(offsetTimeline([])).toBeNull();
  });
});

describe('local days and hours of a clock read from windows', () => {
  it.each(CHANGES)('%s on %s: each wall hour as often as the day has it', (zone, date, _at, from, to, changing) => {
    const windows = zonedHours(zone, date, date);
    const clock = windowsClock({ kind: 'offset', offsetMinutes: 0 }, windows);
    const hours = localHours(clock, date);
    expect(hours.map((hour) => hour.startMs)).toEqual(windows.map((w) => Date.parse(w.window_start)));
    expect(hours.map((hour) => hour.endMs)).toEqual(windows.map((w) => Date.parse(w.window_end)));
    const walls = hours.map((hour) => hourOf(hour.startWall));
    const counts = Array.from({ length: 24 }, (_, hour) => walls.filter((wall) => wall === hour).length);
    expect(counts[changing]).toBe(to > from ? 0 : 2);
    expect(counts.filter((count, hour) => hour !== changing && count !== 1)).toEqual([]);
    expect(localDayStart(clock, date)).toBe(Date.parse(zonedTimeRange(zone, date, date).start));
  });
});
