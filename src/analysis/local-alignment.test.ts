import { describe, expect, it } from 'vitest';

import { alignOnLocalTime, sharedSpan } from './local-alignment';

const at = (window_start: string, value: number) => ({ window_start, value });
const read = (point: { value: number }) => point.value;

describe('alignOnLocalTime', () => {
  it('puts Monday 09:00 in Berlin and Monday 09:00 in New York at the same x', () => {
    const berlin = alignOnLocalTime([at('2026-11-16T09:00:00+01:00', 0.5), at('2026-11-16T10:00:00+01:00', 0.6)], read);
    const newYork = alignOnLocalTime([at('2026-11-16T09:00:00-05:00', 0.2)], read);
    expect(berlin[0]![0]).toBe(newYork[0]![0]);
    expect(berlin[0]![0]).toBe(Date.UTC(2026, 10, 16, 9));
    expect(berlin[1]).toEqual([Date.UTC(2026, 10, 16, 10), 0.6]);
  });

  it("puts Sydney's Tuesday 09:00 at Tuesday 09:00 though it is Monday in UTC", () => {
    const sydney = alignOnLocalTime([at('2026-11-17T09:00:00+11:00', 3)], read);
    expect(sydney).toEqual([[Date.UTC(2026, 10, 17, 9), 3]]);
  });

  it('draws a wall time repeated by a DST change once, with the earlier window, in time order', () => {
    const autumn = alignOnLocalTime(
      [
        at('2026-11-01T02:00:00-05:00', 9),
        at('2026-11-01T01:00:00-04:00', 1),
        at('2026-11-01T01:00:00-05:00', 2),
        at('2026-11-01T00:00:00-04:00', 0),
      ],
      read,
    );
    expect(autumn.map(([, value]) => value)).toEqual([0, 1, 9]);
  });

  it('leaves the hour a spring change skips as a gap', () => {
    const spring = alignOnLocalTime([at('2026-03-08T01:00:00-05:00', 1), at('2026-03-08T03:00:00-04:00', 3)], read);
    expect(spring[1]![0] - spring[0]![0]).toBe(2 * 3_600_000);
  });
});

describe('sharedSpan', () => {
  it('spans every location, and is undefined with no points', () => {
    expect(
      sharedSpan([
        [[5, 1]],
        [],
        [
          [2, 0],
          [9, 1],
        ],
      ]),
    ).toEqual([2, 9]);
    expect(sharedSpan([[], []])).toBeUndefined();
  });
});
