import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  addDays,
  addMonths,
  dayCode,
  formatOffset,
  formatWall,
  parseLocalDateTime,
  READ_KEPT,
  todayIn,
  wallClockAt,
  zoneLabel,
} from './time';
import { skippedWallHours } from './skipped-hours';
import { HOUR_MS, MINUTE_MS } from './time-spans';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('parseLocalDateTime', () => {
  it.each([
    ['2026-03-08T09:00:00+11:00', Date.UTC(2026, 2, 8, 9), Date.UTC(2026, 2, 7, 22), 660],
    ['2026-11-01T01:00:00-04:00', Date.UTC(2026, 10, 1, 1), Date.UTC(2026, 10, 1, 5), -240],
    ['2026-11-01T01:00:00-05:00', Date.UTC(2026, 10, 1, 1), Date.UTC(2026, 10, 1, 6), -300],
    ['2026-01-15T12:30:00+05:30', Date.UTC(2026, 0, 15, 12, 30), Date.UTC(2026, 0, 15, 7), 330],
    ['2026-01-15T12:30:00-03:30', Date.UTC(2026, 0, 15, 12, 30), Date.UTC(2026, 0, 15, 16), -210],
    ['2026-01-15T12:30:00Z', Date.UTC(2026, 0, 15, 12, 30), Date.UTC(2026, 0, 15, 12, 30), 0],
    ['2026-01-15t12:30:00z', Date.UTC(2026, 0, 15, 12, 30), Date.UTC(2026, 0, 15, 12, 30), 0],
    ['2026-01-15T12:30:45.123+01:00', Date.UTC(2026, 0, 15, 12, 30, 45), Date.UTC(2026, 0, 15, 11, 30, 45), 60],
    ['2026-01-15T12:30+01:00', Date.UTC(2026, 0, 15, 12, 30), Date.UTC(2026, 0, 15, 11, 30), 60],
  ])('%s', (text, wallMs, instantMs, offsetMinutes) => {
    expect(parseLocalDateTime(text)).toEqual({ wallMs, instantMs, offsetMinutes });
  });

  it("reads the string's own wall clock whatever the process's zone", () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata']) {
      vi.stubEnv('TZ', zone);
      expect(new Date(Date.UTC(2026, 2, 8, 9)).getHours(), zone).not.toBe(9);
      expect(parseLocalDateTime('2026-03-08T09:00:00+11:00').wallMs, zone).toBe(Date.UTC(2026, 2, 8, 9));
    }
  });

  it('agrees with Date.parse on the instant (property)', () => {
    const offset = fc.integer({ min: -12 * 60, max: 14 * 60 }).filter((m) => m % 15 === 0);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), offset, (instant, minutes) => {
        const ms = Math.floor(instant / 1000) * 1000;
        const wall = new Date(ms + minutes * MINUTE_MS).toISOString().slice(0, 19);
        const abs = Math.abs(minutes);
        const text = `${wall}${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        const parsed = parseLocalDateTime(text);
        expect(parsed.instantMs).toBe(Date.parse(text));
        expect(parsed.instantMs).toBe(ms);
        expect(parsed.offsetMinutes).toBe(minutes);
        expect(parsed.wallMs - parsed.instantMs).toBe(minutes * MINUTE_MS);
      }),
    );
  });

  it('reads the canonical shape digit by digit as the RFC 3339 rule reads it (property)', () => {
    // A lower-case t is read by the regex alone: both readings must agree on anything of the canonical length.
    const char = fc.constantFrom(...'0123456789-+:TZx '.split(''));
    const canonical = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('Z', '+05:30', '-11:00', '+14:00', '-00:45'),
      )
      .map(([y, mo, d, h, mi, s, zone]) => {
        const p = (n: number, w = 2) => String(n).padStart(w, '0');
        return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}${zone}`;
      });
    const noisy = fc.array(char, { minLength: 20, maxLength: 25 }).map((chars) => chars.join(''));
    const read = (text: string) => {
      try {
        return parseLocalDateTime(text);
      } catch (error) {
        return error instanceof RangeError ? 'refused' : error;
      }
    };
    fc.assert(
      fc.property(fc.oneof(canonical, noisy), (text) => {
        expect(read(text)).toEqual(read(text.replace('T', 't')));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a string read before the same frozen reading, and reads right past the strings it keeps', () => {
    const first = parseLocalDateTime('2031-05-04T07:15:00+02:00');
    expect(parseLocalDateTime('2031-05-04T07:15:00+02:00')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const base = Date.UTC(2031, 0, 1);
    for (let i = 0; i <= READ_KEPT; i++) {
      const text = `${new Date(base + i * MINUTE_MS).toISOString().slice(0, 19)}+01:00`;
      expect(parseLocalDateTime(text).instantMs).toBe(base + i * MINUTE_MS - HOUR_MS);
    }
    expect(parseLocalDateTime('2031-05-04T07:15:00+02:00')).toEqual(first);
  });

  it.each([
    '2026-03-08T09:00:00',
    '2026-03-08',
    '2026-03-08 09:00:00+01:00',
    'yesterday',
    '',
    '2026-03-08T09:00:00+0100',
  ])('refuses %j (no offset or not RFC 3339)', (text) => {
    expect(() => parseLocalDateTime(text)).toThrow(RangeError);
  });
});

describe('formatWall', () => {
  it('formats the wall clock, not the process zone', () => {
    const wall = Date.UTC(2026, 10, 1, 1, 30);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
      vi.stubEnv('TZ', zone);
      expect(formatWall(wall, 'EEE d MMM yyyy HH:mm'), zone).toBe('Sun 1 Nov 2026 01:30');
      expect(formatWall(Date.UTC(2026, 0, 1), 'yyyy-MM-dd'), zone).toBe('2026-01-01');
    }
  });
});

describe('formatOffset and zoneLabel', () => {
  it.each([
    [0, 'UTC'],
    [660, 'UTC+11:00'],
    [-300, 'UTC−05:00'],
    [330, 'UTC+05:30'],
    [-210, 'UTC−03:30'],
    [345, 'UTC+05:45'],
  ])('%d → %s', (minutes, text) => {
    expect(formatOffset(minutes)).toBe(text);
  });

  it('names a zone, or its offset', () => {
    expect(zoneLabel({ kind: 'zone', name: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(zoneLabel({ kind: 'offset', offsetMinutes: 540 })).toBe('UTC+09:00');
  });
});

describe('todayIn', () => {
  // 2026-11-18 12:30 UTC: already the 19th in Kiritimati (UTC+14), still the 18th in Pago Pago (UTC−11).
  const noonish = Date.UTC(2026, 10, 18, 12, 30);

  it("is the date in the location's zone", () => {
    expect(todayIn({ kind: 'zone', name: 'Pacific/Kiritimati' }, noonish)).toBe('2026-11-19');
    expect(todayIn({ kind: 'zone', name: 'Pacific/Pago_Pago' }, noonish)).toBe('2026-11-18');
    expect(todayIn({ kind: 'zone', name: 'UTC' }, noonish)).toBe('2026-11-18');
  });

  it('rolls over at local midnight, across DST', () => {
    const sydney = { kind: 'zone', name: 'Australia/Sydney' } as const;
    // Sydney midnight 2026-04-05 is 13:00Z the day before (AEDT, UTC+11).
    expect(todayIn(sydney, Date.UTC(2026, 3, 4, 12, 59, 59))).toBe('2026-04-04');
    expect(todayIn(sydney, Date.UTC(2026, 3, 4, 13))).toBe('2026-04-05');
    // The next midnight is 14:00Z (AEST, UTC+10).
    expect(todayIn(sydney, Date.UTC(2026, 3, 5, 13, 30))).toBe('2026-04-05');
    expect(todayIn(sydney, Date.UTC(2026, 3, 5, 14))).toBe('2026-04-06');
  });

  it('uses a fixed offset when only that is known', () => {
    expect(todayIn({ kind: 'offset', offsetMinutes: 600 }, Date.UTC(2026, 10, 18, 13, 59))).toBe('2026-11-18');
    expect(todayIn({ kind: 'offset', offsetMinutes: 600 }, Date.UTC(2026, 10, 18, 14))).toBe('2026-11-19');
    expect(todayIn({ kind: 'offset', offsetMinutes: -300 }, Date.UTC(2026, 10, 18, 4, 59))).toBe('2026-11-17');
  });

  it("does not depend on the process's zone", () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(todayIn({ kind: 'zone', name: 'Pacific/Pago_Pago' }, noonish)).toBe('2026-11-18');
    expect(todayIn({ kind: 'offset', offsetMinutes: -660 }, noonish)).toBe('2026-11-18');
  });
});

describe('calendar dates in the first century', () => {
  it('keeps years 0..99 as they are (Date.UTC would read 0050 as 1950)', () => {
    expect(dayCode('0050-01-01')).toBe(new Date(-60_589_296_000_000).getUTCDay() + 1);
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addMonths('0004-01-31', 1)).toBe('0004-02-29');
    expect(parseLocalDateTime('0050-01-01T00:00:00Z').wallMs).toBe(-60_589_296_000_000);
  });
});

describe('wall hours of a local day', () => {
  it('the hours a named zone skips on its spring-forward day, and none on other days or offsets', () => {
    expect(skippedWallHours({ kind: 'zone', name: 'America/New_York' }, '2026-03-08')).toEqual([2]);
    expect(skippedWallHours({ kind: 'zone', name: 'America/New_York' }, '2026-11-01')).toEqual([]);
    expect(skippedWallHours({ kind: 'zone', name: 'Europe/Berlin' }, '2026-03-29')).toEqual([2]);
    expect(skippedWallHours({ kind: 'offset', offsetMinutes: -300 }, '2026-03-08')).toEqual([]);
  });

  it('finds the skipped hour at the edges of the local day and far from UTC, where the quick check must see it', () => {
    // Cuba springs forward at midnight; Samoa is UTC+13 with no DST; Chatham jumps from 02:45 to 03:45, so 03:00
    // never is; Lord Howe moves by 30 minutes.
    expect(skippedWallHours({ kind: 'zone', name: 'America/Havana' }, '2026-03-08')).toEqual([0]);
    expect(skippedWallHours({ kind: 'zone', name: 'America/Havana' }, '2026-03-07')).toEqual([]);
    expect(skippedWallHours({ kind: 'zone', name: 'Pacific/Chatham' }, '2026-09-27')).toEqual([3]);
    expect(skippedWallHours({ kind: 'zone', name: 'Australia/Lord_Howe' }, '2026-10-04')).toEqual([2]);
    expect(skippedWallHours({ kind: 'zone', name: 'Pacific/Apia' }, '2026-03-29')).toEqual([]);
    // Days either side of a change skip nothing.
    expect(skippedWallHours({ kind: 'zone', name: 'Europe/Berlin' }, '2026-03-28')).toEqual([]);
    expect(skippedWallHours({ kind: 'zone', name: 'Europe/Berlin' }, '2026-03-30')).toEqual([]);
  });

  it('answers again from what it kept, the same hours', () => {
    const zone = { kind: 'zone', name: 'Europe/London' } as const;
    const first = skippedWallHours(zone, '2026-03-29');
    expect(first).toEqual([1]);
    expect(skippedWallHours(zone, '2026-03-29')).toBe(first);
  });

  it('now on the location wall clock', () => {
    const instant = Date.UTC(2026, 10, 25, 14, 30);
    const dayStart = Date.UTC(2026, 10, 25);
    expect(wallClockAt({ kind: 'zone', name: 'Asia/Tokyo' }, instant)).toBe(dayStart + 23.5 * HOUR_MS);
    expect(wallClockAt({ kind: 'offset', offsetMinutes: -300 }, instant)).toBe(dayStart + 9.5 * HOUR_MS);
  });
});
