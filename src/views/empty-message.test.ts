import { describe, expect, it } from 'vitest';

import { emptyMessage, type EmptyContext } from './empty-message';

const officeRecord = {
  name: 'Open Workspace',
  start_date: '2022-01-03',
  operating_hours: { start: 7, end: 19 },
  operating_days: [2, 3, 4, 5, 6],
};
/** The vendor's shape: no hours or days. */
const vendorRecord = { name: 'Open Workspace', start_date: '2022-01-03' };
const monFri = { hours: { start: 7, end: 19 }, days: [2, 3, 4, 5, 6] };
const unchosen = { hours: false, days: false };
const saturday = { start: '2026-11-21', end: '2026-11-21' };
const week = { start: '2026-11-16', end: '2026-11-22' };

const message = (context: EmptyContext) => emptyMessage(context);

describe('emptyMessage: why there is no data', () => {
  it('a closed day, known from the record’s days', () => {
    expect(message({ range: saturday, applied: monFri, chosen: unchosen, record: officeRecord })).toEqual({
      reason: 'closed',
      text: 'Open Workspace is closed on 21 Nov 2026. It opens Mon–Fri, 07:00–20:00.',
    });
  });

  it('the same day with a vendor record (no hours or days): the neutral message', () => {
    expect(message({ range: saturday, applied: monFri, chosen: unchosen, record: vendorRecord })).toEqual({
      reason: 'none',
      text: 'No data for these filters: 21 Nov 2026, 07:00–20:00, Mon–Fri.',
    });
  });

  it('a range before the location’s data starts, also with a vendor record', () => {
    const range = { start: '2021-12-01', end: '2021-12-07' };
    for (const record of [officeRecord, vendorRecord]) {
      expect(message({ range, applied: monFri, chosen: unchosen, record })).toEqual({
        reason: 'before-start',
        text: 'No data yet for 1 Dec – 7 Dec 2021: Open Workspace’s data starts on Mon 3 Jan 2022.',
      });
    }
  });

  it('chosen days that do not occur in the range', () => {
    const result = message({
      range: saturday,
      applied: { ...monFri, days: [2, 3] },
      chosen: { hours: false, days: true },
      record: vendorRecord,
    });
    expect(result.reason).toBe('filters-exclude');
    expect(result.text).toBe(
      'The chosen days (Mon, Tue) do not occur in 21 Nov 2026. Choose other days or a longer range.',
    );
  });

  it('chosen hours outside the opening hours', () => {
    const result = message({
      range: week,
      applied: { hours: { start: 21, end: 23 }, days: monFri.days },
      chosen: { hours: true, days: false },
      record: officeRecord,
    });
    expect(result).toEqual({
      reason: 'filters-exclude',
      text: 'The chosen hours (21:00–24:00) are outside Open Workspace’s opening hours (07:00–20:00). Choose other hours.',
    });
  });

  it('chosen days on which the place is closed', () => {
    const result = message({
      range: week,
      applied: { ...monFri, days: [7] },
      chosen: { hours: false, days: true },
      record: officeRecord,
    });
    expect(result.reason).toBe('filters-exclude');
    expect(result.text).toBe(
      'Open Workspace is not open on the chosen days (Sat) in 16 Nov – 22 Nov 2026. It opens Mon–Fri.',
    );
  });

  it('an open week with no data (e.g. an outage the server answered with nothing): neutral', () => {
    expect(message({ range: week, applied: monFri, chosen: unchosen, record: officeRecord }).reason).toBe('none');
    expect(message({ range: week, applied: monFri, chosen: unchosen }).text).toBe(
      'No data for these filters: 16 Nov – 22 Nov 2026, 07:00–20:00, Mon–Fri.',
    );
  });
});
