import { describe, expect, it } from 'vitest';

import { echoedSchedule, openStateAt, scheduleOf, type OpenSchedule } from './open-hours';

const wall = (text: string) => Date.parse(`${text}Z`);
/** Mon–Fri 07–19 (inclusive hours: open until 20:00). */
const WEEKDAYS: OpenSchedule = { hours: { start: 7, end: 19 }, days: [2, 3, 4, 5, 6] };

describe('openStateAt', () => {
  it('is open inside the hours and days, closed outside, with the next opening', () => {
    expect(openStateAt(wall('2026-11-18T16:30:00'), null, WEEKDAYS)).toEqual({ open: true }); // Wed
    expect(openStateAt(wall('2026-11-18T19:59:00'), null, WEEKDAYS)).toEqual({ open: true });
    expect(openStateAt(wall('2026-11-18T20:00:00'), null, WEEKDAYS)).toEqual({
      open: false,
      opens: { day: 5, hour: 7 },
    });
    expect(openStateAt(wall('2026-11-20T21:00:00'), null, WEEKDAYS)).toEqual({
      open: false,
      opens: { day: 2, hour: 7 },
    });
    expect(openStateAt(wall('2026-11-23T06:59:00'), null, WEEKDAYS)).toEqual({
      open: false,
      opens: { day: 2, hour: 7 },
    });
  });

  it('takes the server’s word over the schedule; closed on a scheduled day opens on a later day', () => {
    expect(openStateAt(wall('2026-11-18T03:00:00'), true, WEEKDAYS)).toEqual({ open: true });
    expect(openStateAt(wall('2026-11-18T10:00:00'), false, WEEKDAYS)).toEqual({
      open: false,
      opens: { day: 5, hour: 7 },
    });
    expect(openStateAt(null, false, null)).toEqual({ open: false, opens: null });
  });

  it('knows nothing without a word or a schedule', () => {
    expect(openStateAt(wall('2026-11-18T03:00:00'), null, null)).toBeNull();
    expect(openStateAt(null, null, WEEKDAYS)).toBeNull();
  });

  it('wraps hours past midnight', () => {
    const nights: OpenSchedule = { hours: { start: 22, end: 5 }, days: [1, 2, 3, 4, 5, 6, 7] };
    expect(openStateAt(wall('2026-11-18T02:00:00'), null, nights)).toEqual({ open: true });
    expect(openStateAt(wall('2026-11-18T12:00:00'), null, nights)).toEqual({
      open: false,
      opens: { day: 4, hour: 22 },
    });
  });
});

describe('scheduleOf', () => {
  it('takes the record’s hours and days, else what a response echoed', () => {
    const echoed: OpenSchedule = { hours: { start: 8, end: 21 }, days: [2, 3, 4, 5, 6, 7] };
    expect(scheduleOf({ operating_hours: { start: 7, end: 19 }, operating_days: [2] }, echoed)).toEqual({
      hours: { start: 7, end: 19 },
      days: [2],
    });
    expect(scheduleOf({}, echoed)).toBe(echoed);
    expect(scheduleOf(undefined, null)).toBeNull();
  });
});

describe('echoedSchedule', () => {
  it('is what a response without hour or day filters echoes, and nothing for a filtered one', () => {
    const page = { hour_range: { start: 8, end: 21 }, days_of_week: [2, 3] };
    expect(echoedSchedule(page, false)).toEqual({ hours: { start: 8, end: 21 }, days: [2, 3] });
    expect(echoedSchedule(page, true)).toBeNull();
    expect(echoedSchedule(undefined, false)).toBeNull();
  });
});
