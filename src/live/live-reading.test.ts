import { describe, expect, it } from 'vitest';

import { NY_STANDARD, hoursOf, occupancyAt } from '../test/test-windows';
import { fromLatestWindow, fromNow } from './live-reading';

const at = (text: string) => Date.parse(text);

describe('fromNow', () => {
  it('takes the count at the reading’s own time', () => {
    expect(
      fromNow({ locationId: 1, people: 12, at: '2026-11-18T10:30:00-05:00', open: null }, at('2026-11-18T15:31:00Z')),
    ).toEqual({ people: 12, takenMs: at('2026-11-18T15:30:00Z'), source: 'now' });
  });

  it('takes it as of its arrival when the body gives no time', () => {
    expect(fromNow({ locationId: 1, people: 3, at: null, open: null }, 1_000)?.takenMs).toBe(1_000);
  });

  it('is no reading without a count', () => {
    expect(fromNow({ locationId: 1, people: null, at: null, open: null }, 0)).toBeNull();
    expect(fromNow(undefined, 0)).toBeNull();
  });
});

describe('fromLatestWindow', () => {
  const points = hoursOf('2026-11-18', NY_STANDARD, [8, 9, 10, 11]).map((w, i) =>
    occupancyAt(w, { avg: 10 * (i + 1) }),
  );

  it('is the window running now', () => {
    const reading = fromLatestWindow(points, at('2026-11-18T15:30:00Z')); // 10:30 in New York
    expect(reading).toMatchObject({ people: 30, source: 'latest-window', takenMs: at('2026-11-18T15:00:00Z') });
    expect(reading?.window?.start).toBe('2026-11-18T10:00:00-05:00');
  });

  it('is the last complete window when no window runs now, whatever the order', () => {
    expect(fromLatestWindow([...points].reverse(), at('2026-11-18T20:00:00Z'))?.people).toBe(40);
  });

  it('is none before the first window starts', () => {
    expect(fromLatestWindow(points, at('2026-11-18T12:00:00Z'))).toBeNull();
  });
});
