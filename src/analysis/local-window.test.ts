import { afterEach, describe, expect, it } from 'vitest';

import { HOUR_MS } from '../lib/time-spans';
import { readStart, readWindow } from './local-window';

const viewerZone = process.env.TZ;
afterEach(() => {
  if (viewerZone === undefined) delete process.env.TZ;
  else process.env.TZ = viewerZone;
});

describe('readWindow', () => {
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London'])(
    "reads the location's wall clock, whatever the viewer's zone (%s)",
    (zone) => {
      process.env.TZ = zone;
      expect(readStart('2026-03-08T23:30:00+11:00')).toEqual({
        date: '2026-03-08',
        hour: 23,
        minuteOfDay: 23 * 60 + 30,
        dayCode: 1,
        startMs: Date.UTC(2026, 2, 8, 12, 30),
      });
    },
  );

  it('measures a window by its instants across a DST change', () => {
    expect(
      readWindow({ window_start: '2026-03-08T01:00:00-05:00', window_end: '2026-03-08T03:00:00-04:00' }).lengthMs,
    ).toBe(HOUR_MS);
    expect(
      readWindow({ window_start: '2026-11-01T01:00:00-04:00', window_end: '2026-11-01T01:00:00-05:00' }).lengthMs,
    ).toBe(HOUR_MS);
  });
});
