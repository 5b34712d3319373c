import { describe, expect, it } from 'vitest';

import type { OpenState } from '../../analysis/open-hours';
import { loadingRows } from '../../test/loading-rows';
import { sameRowContent, type TableRow } from './table-row';

const [row] = loadingRows([
  { location_id: 1, name: 'Space 1', status: 'active', parent_id: null, capacity: 40, start_date: null },
]);

/** The row with a live reading in `state`, a new object each time, as the page builds them. */
const reading = (state: OpenState | null | undefined): TableRow => ({
  ...row!,
  now: { people: 3, at: '2026-11-28T10:00:00', receivedMs: 1, state },
});

describe('sameRowContent', () => {
  it('tells a closed place by when it opens, not by which object says so', () => {
    const closed = (day: number, hour: number): OpenState => ({ open: false, opens: { day, hour } });
    expect(sameRowContent(reading(closed(2, 7)), reading(closed(2, 7)))).toBe(true);
    expect(sameRowContent(reading(closed(2, 7)), reading(closed(2, 8)))).toBe(false);
    expect(sameRowContent(reading(closed(2, 7)), reading(closed(3, 7)))).toBe(false);
    expect(sameRowContent(reading(closed(2, 7)), reading({ open: false, opens: null }))).toBe(false);
    expect(sameRowContent(reading({ open: false, opens: null }), reading({ open: false, opens: null }))).toBe(true);
  });

  it('reads open and unknown alike (neither shows words), and either apart from closed', () => {
    expect(sameRowContent(reading({ open: true }), reading(null))).toBe(true);
    expect(sameRowContent(reading(undefined), reading({ open: true }))).toBe(true);
    expect(sameRowContent(reading({ open: true }), reading({ open: false, opens: null }))).toBe(false);
    expect(sameRowContent(reading(null), reading({ open: false, opens: { day: 2, hour: 7 } }))).toBe(false);
  });

  it('tells a new reading apart', () => {
    expect(sameRowContent(reading(null), { ...reading(null), now: { people: 4, at: null, receivedMs: 1 } })).toBe(
      false,
    );
  });
});
