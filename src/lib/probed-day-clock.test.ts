/**
 * The wall clock of a location whose zone is known only from a probed day (a server without zone names: the bounds of
 * one local day and their offsets), on the days its offset changes. The reference is the real IANA zone, through
 * date-fns-tz, never the app's own code.
 */
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { skippedWallHours } from './skipped-hours';
import { formatInstantIn, probedDayFrom, wallClockAt, zoneLabel, type LocationZone } from './time';
import { MINUTE_MS } from './time-spans';
import { zonedTimeRange } from '../test/zoned-time-range';

const probed = (zone: string, date: string): LocationZone & { kind: 'day' } => ({
  kind: 'day',
  day: probedDayFrom(date, zonedTimeRange(zone, date, date)),
});

/** The wall clock of `zone` at an instant, as wall-clock ms, from date-fns-tz. */
const wallIn = (zone: string, instantMs: number) =>
  Date.parse(`${formatInTimeZone(instantMs, zone, "yyyy-MM-dd'T'HH:mm:ss")}Z`);

/** 2025 and 2026 changes of the three cities, and zones whose changes are unusual (30 minutes; at midnight; −03:30). */
const CHANGE_DAYS = [
  ['America/New_York', '2025-03-09'],
  ['America/New_York', '2025-11-02'],
  ['America/New_York', '2026-03-08'],
  ['America/New_York', '2026-11-01'],
  ['Europe/Berlin', '2025-03-30'],
  ['Europe/Berlin', '2025-10-26'],
  ['Europe/Berlin', '2026-03-29'],
  ['Europe/Berlin', '2026-10-25'],
  ['Australia/Sydney', '2025-04-06'],
  ['Australia/Sydney', '2025-10-05'],
  ['Australia/Sydney', '2026-04-05'],
  ['Australia/Sydney', '2026-10-04'],
  ['Australia/Lord_Howe', '2026-04-05'],
  ['Australia/Lord_Howe', '2026-10-04'],
  ['America/Santiago', '2026-04-04'],
  ['America/St_Johns', '2026-03-08'],
  ['America/St_Johns', '2026-11-01'],
  ['Pacific/Auckland', '2026-04-05'],
  ['Pacific/Auckland', '2026-09-27'],
  ['Europe/London', '2026-03-29'],
  ['Europe/London', '2026-10-25'],
] as const;

describe('the wall clock on a probed day whose offset changes', () => {
  it('New York’s café at 06:30 on the spring-forward morning, and at 05:30 after the fall-back', () => {
    const at = (zone: LocationZone, instantMs: number) =>
      `${formatInstantIn(zone, instantMs, 'HH:mm')} ${zoneLabel(zone, instantMs)}`;
    const spring = probed('America/New_York', '2026-03-08');
    expect(at(spring, Date.UTC(2026, 2, 8, 10, 30))).toBe('06:30 UTC−04:00');
    expect(at(spring, Date.UTC(2026, 2, 8, 6, 30))).toBe('01:30 UTC−05:00');
    const fall = probed('America/New_York', '2026-11-01');
    expect(at(fall, Date.UTC(2026, 10, 1, 10, 30))).toBe('05:30 UTC−05:00');
    expect(at(fall, Date.UTC(2026, 10, 1, 5, 30))).toBe('01:30 UTC−04:00');
    expect(at(fall, Date.UTC(2026, 10, 1, 6, 30))).toBe('01:30 UTC−05:00');
  });

  it('is the zone’s own at every minute of the day (property)', () => {
    const cases = CHANGE_DAYS.map(([zone, date]) => ({ zone, date, probe: probed(zone, date) }));
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.double({ min: 0, max: 1, noNaN: true }), ({ zone, probe }, at) => {
        const { startMs, endMs } = probe.day;
        const instant = startMs + Math.floor((at * (endMs - startMs)) / MINUTE_MS) * MINUTE_MS;
        expect(wallClockAt(probe, instant)).toBe(wallIn(zone, instant));
      }),
      { seed: 20260308, numRuns: 3000 },
    );
  });

  it('skips the hour the zone skips, and names the offset in force', () => {
    for (const [zone, date] of CHANGE_DAYS) {
      expect(skippedWallHours(probed(zone, date), date), `${zone} ${date}`).toEqual(
        skippedWallHours({ kind: 'zone', name: zone }, date),
      );
    }
    const spring = probed('Europe/Berlin', '2026-03-29');
    expect(zoneLabel(spring, Date.UTC(2026, 2, 29, 0, 30))).toBe('UTC+01:00');
    expect(zoneLabel(spring, Date.UTC(2026, 2, 29, 1, 30))).toBe('UTC+02:00');
  });
});
