import { describe, expect, it } from 'vitest';

import {
  formatLocalDateTime,
  HOUR_MS,
  isoWeekStart,
  localDay,
  localDayAt,
  offsetMinutesAt,
  parseIsoDate,
  formatIsoDate,
  weekdayCode,
} from './local-time';

const NEW_YORK = 'America/New_York';
const SYDNEY = 'Australia/Sydney';
const BERLIN = 'Europe/Berlin';
const TOKYO = 'Asia/Tokyo';

describe('civil dates', () => {
  it('round-trips ISO dates and numbers days from 1970-01-01', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0);
    expect(formatIsoDate(parseIsoDate('2026-03-08'))).toBe('2026-03-08');
    expect(formatIsoDate(parseIsoDate('2024-02-29') + 1)).toBe('2024-03-01');
  });

  it('codes weekdays 1 = Sunday ... 7 = Saturday', () => {
    expect(weekdayCode(parseIsoDate('2026-03-08'))).toBe(1); // a Sunday
    expect(weekdayCode(parseIsoDate('2026-11-16'))).toBe(2); // a Monday
    expect(weekdayCode(parseIsoDate('2026-11-21'))).toBe(7); // a Saturday
  });

  it('starts ISO weeks on Monday', () => {
    expect(formatIsoDate(isoWeekStart(parseIsoDate('2026-11-22')))).toBe('2026-11-16'); // Sunday -> Monday before
    expect(formatIsoDate(isoWeekStart(parseIsoDate('2026-11-16')))).toBe('2026-11-16');
  });
});

describe('offsets', () => {
  it.each([
    [NEW_YORK, '2026-01-15T12:00:00Z', -300],
    [NEW_YORK, '2026-07-15T12:00:00Z', -240],
    [BERLIN, '2026-01-15T12:00:00Z', 60],
    [BERLIN, '2026-07-15T12:00:00Z', 120],
    [SYDNEY, '2026-01-15T12:00:00Z', 660],
    [SYDNEY, '2026-07-15T12:00:00Z', 600],
    [TOKYO, '2026-07-15T12:00:00Z', 540],
  ])('%s at %s is %i minutes', (zone, instant, offset) => {
    expect(offsetMinutesAt(zone, Date.parse(instant))).toBe(offset);
  });

  it('changes at the exact transition instant (New York, 2026-03-08 07:00Z)', () => {
    const transition = Date.parse('2026-03-08T07:00:00Z');
    expect(offsetMinutesAt(NEW_YORK, transition - 1)).toBe(-300);
    expect(offsetMinutesAt(NEW_YORK, transition)).toBe(-240);
  });
});

describe('local days', () => {
  it.each([
    [NEW_YORK, '2026-03-08', 23],
    [NEW_YORK, '2026-11-01', 25],
    [SYDNEY, '2026-04-05', 25],
    [SYDNEY, '2026-10-04', 23],
    [BERLIN, '2026-03-29', 23],
    [BERLIN, '2026-10-25', 25],
    [TOKYO, '2026-03-29', 24],
    [NEW_YORK, '2026-06-01', 24],
  ])('%s %s has %i hours', (zone, date, hours) => {
    const day = localDay(zone, parseIsoDate(date));
    expect(day.hours).toHaveLength(hours);
    expect(day.endMs - day.startMs).toBe(hours * HOUR_MS);
  });

  it('labels the repeated hour of a fall-back day with both offsets', () => {
    const day = localDay(NEW_YORK, parseIsoDate('2026-11-01'));
    expect(day.hours.map((hour) => hour.wallHour).slice(0, 4)).toEqual([0, 1, 1, 2]);
    expect(day.hours.slice(1, 3).map((hour) => hour.offsetMinutes)).toEqual([-240, -300]);
  });

  it('skips the missing hour of a spring-forward day', () => {
    const day = localDay(NEW_YORK, parseIsoDate('2026-03-08'));
    expect(day.hours.map((hour) => hour.wallHour).slice(0, 4)).toEqual([0, 1, 3, 4]);
  });

  it('starts a day whose midnight was skipped at the jump (São Paulo, 2018-11-04, 00:00 -> 01:00)', () => {
    const zone = 'America/Sao_Paulo';
    const before = localDay(zone, parseIsoDate('2018-11-03'));
    const skipped = localDay(zone, parseIsoDate('2018-11-04'));
    expect(before.hours).toHaveLength(24);
    expect(before.endMs).toBe(skipped.startMs);
    expect(formatLocalDateTime(skipped.startMs, skipped.startOffsetMinutes)).toBe('2018-11-04T01:00:00-02:00');
    expect(skipped.hours.map((hour) => hour.wallHour)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
  });

  it('finds the local day containing an instant', () => {
    // 2026-11-20 02:00 UTC is still the 19th in New York.
    expect(formatIsoDate(localDayAt(NEW_YORK, Date.parse('2026-11-20T02:00:00Z')).dayNumber)).toBe('2026-11-19');
    expect(formatIsoDate(localDayAt(TOKYO, Date.parse('2026-11-20T16:00:00Z')).dayNumber)).toBe('2026-11-21');
  });
});

describe('formatLocalDateTime', () => {
  it('writes RFC 3339 with seconds, no fraction, and the offset', () => {
    expect(formatLocalDateTime(Date.parse('2026-03-07T22:00:00.789Z'), 660)).toBe('2026-03-08T09:00:00+11:00');
    expect(formatLocalDateTime(Date.parse('2026-11-01T06:00:00Z'), -300)).toBe('2026-11-01T01:00:00-05:00');
    expect(formatLocalDateTime(0, 0)).toBe('1970-01-01T00:00:00+00:00');
  });
});
