/**
 * The rule that decides a location's date when the server names no zone (lib/time.ts, "A location without a
 * zone name"), run against a fake server built from real IANA zones. Expected dates come from date-fns-tz's
 * `formatInTimeZone`, never from the rule; instants are drawn around every DST change of 2026 in both
 * hemispheres, in zones with half-hour DST and with DST at midnight.
 */
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/time-spans';
import { resolveRange } from './filter-request';
import type { RangeChoice } from './model';
import { dateInZone, zonedTimeRange } from '../test/zoned-time-range';
import { localDateFromProbe, probeDateAt, probedDayFrom, todayIn, type LocationZone } from '../lib/time';

const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Europe/Lisbon',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/Santiago',
  'America/St_Johns',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
] as const;

/** The instants of 2026 at which `zone`'s offset changes (found hour by hour, then to the minute). */
function transitionsOf(zone: string): number[] {
  const found: number[] = [];
  const offset = (ms: number) => formatInTimeZone(ms, zone, 'xxx');
  for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += HOUR_MS) {
    if (offset(ms) === offset(ms + HOUR_MS)) continue;
    let low = ms;
    let high = ms + HOUR_MS;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offset(middle) === offset(low)) low = middle;
      else high = middle;
    }
    found.push(high);
  }
  return found;
}

const TRANSITIONS = ZONES.flatMap((zone) => transitionsOf(zone).map((at) => ({ zone, at })));

/** A zone and an instant within four days of one of its DST changes (or any instant of 2026 for zones without). */
const caseArb = fc.oneof(
  fc
    .record({
      transition: fc.constantFrom(...TRANSITIONS),
      shift: fc.integer({ min: -96 * 60, max: 96 * 60 }),
    })
    .map(({ transition, shift }) => ({ zone: transition.zone, nowMs: transition.at + shift * MINUTE_MS })),
  fc
    .record({ zone: fc.constantFrom(...ZONES), minute: fc.integer({ min: 0, max: 365 * 24 * 60 }) })
    .map(({ zone, minute }) => ({ zone, nowMs: Date.UTC(2026, 0, 1) + minute * MINUTE_MS })),
);

const probeAt = (zone: string, date: string) => probedDayFrom(date, zonedTimeRange(zone, date, date));
const localDate = dateInZone;

describe('the local date of a location with no zone name', () => {
  it('the zones drawn from change their offsets in both directions, in both hemispheres', () => {
    expect(transitionsOf('America/New_York')).toEqual([Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6)]);
    expect(transitionsOf('Australia/Sydney')).toEqual([Date.UTC(2026, 3, 4, 16), Date.UTC(2026, 9, 3, 16)]);
    expect(TRANSITIONS.length).toBeGreaterThanOrEqual(14);
  });

  it("the probe of the current UTC date always decides, and decides the zone's own date", () => {
    fc.assert(
      fc.property(caseArb, ({ zone, nowMs }) => {
        const day = probeAt(zone, probeDateAt(nowMs));
        expect(localDateFromProbe(day, nowMs)).toBe(localDate(zone, nowMs));
      }),
      { seed: 20261101, numRuns: 4000 },
    );
  });

  it("the previous UTC date's probe, kept while the next one loads, is right or says it cannot tell", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 30 }), ({ zone, nowMs }, minutesPastUtcMidnight) => {
        const utcMidnight = Date.UTC(
          new Date(nowMs).getUTCFullYear(),
          new Date(nowMs).getUTCMonth(),
          new Date(nowMs).getUTCDate(),
        );
        const justAfter = utcMidnight + minutesPastUtcMidnight * MINUTE_MS;
        const previous = probeAt(zone, probeDateAt(justAfter - DAY_MS));
        const decided = localDateFromProbe(previous, justAfter);
        // Within half an hour of UTC midnight the previous probe still decides, in every zone.
        expect(decided).toBe(localDate(zone, justAfter));
        // Far from it, it may not; but never wrongly.
        const later = localDateFromProbe(previous, nowMs + 30 * HOUR_MS);
        if (later !== null) expect(later).toBe(localDate(zone, nowMs + 30 * HOUR_MS));
      }),
      { seed: 20260308, numRuns: 2000 },
    );
  });

  it('every preset resolves to the dates it means in the real zone', () => {
    const presetArb = fc.constantFrom<RangeChoice>(
      { kind: 'preset', preset: 'today' },
      { kind: 'preset', preset: '7d' },
      { kind: 'preset', preset: '90d' },
      { kind: 'preset', preset: 'ytd' },
      { kind: 'preset', preset: 'last-month' },
    );
    fc.assert(
      fc.property(caseArb, presetArb, ({ zone, nowMs }, range) => {
        const probed: LocationZone = { kind: 'day', day: probeAt(zone, probeDateAt(nowMs)) };
        const named: LocationZone = { kind: 'zone', name: zone };
        expect(todayIn(probed, nowMs)).toBe(localDate(zone, nowMs));
        expect(resolveRange(range, probed, nowMs)).toEqual(resolveRange(range, named, nowMs));
      }),
      { seed: 20261025, numRuns: 1500 },
    );
  });
});

describe('localDateFromProbe, by hand', () => {
  // New York on 1 Nov 2026, the day DST ends: 25 hours, from 00:00−04:00 to the next 00:00−05:00.
  const day = probedDayFrom('2026-11-01', { start: '2026-11-01T00:00:00-04:00', end: '2026-11-02T00:00:00-05:00' });

  it.each([
    ['the first minute of the day', Date.UTC(2026, 10, 1, 4), '2026-11-01'],
    ['23:30 EST, the hour that crashed the old learned offset', Date.UTC(2026, 11 - 1, 2, 4, 30), '2026-11-01'],
    ['the first minute of the next day', Date.UTC(2026, 10, 2, 5), '2026-11-02'],
    ['the last minute before the day', Date.UTC(2026, 10, 1, 3, 59), '2026-10-31'],
    ['the next day, 22 hours in', Date.UTC(2026, 10, 3, 3), '2026-11-02'],
  ])('%s', (_label, nowMs, expected) => {
    expect(localDateFromProbe(day, nowMs)).toBe(expected);
  });

  it('says nothing beyond a shortest day from its bounds', () => {
    expect(localDateFromProbe(day, Date.UTC(2026, 10, 3, 4))).toBeNull();
    expect(localDateFromProbe(day, Date.UTC(2026, 9, 31, 4, 59))).toBeNull();
  });
});
