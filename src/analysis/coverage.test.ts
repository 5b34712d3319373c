import { describe, expect, it } from 'vitest';

import { zoneClock } from '../lib/local-clock';
import { HOUR_MS } from '../lib/time-spans';
import { dataCoverage } from './coverage';

const ALL_DAYS = { hours: { start: 0, end: 23 }, days: [1, 2, 3, 4, 5, 6, 7] };
/** Berlin's winter time, UTC+01:00, all year: these tests are about gaps, not DST (coverage-dst.test.ts is). */
const clock = zoneClock({ kind: 'offset', offsetMinutes: 60 });

/** Hourly windows in Berlin winter time (UTC+01:00) from `from` (wall, no offset) for `hours` hours, less `skip`. */
function hourly(from: string, hours: number, skip: (i: number) => boolean = () => false) {
  const startWall = Date.parse(`${from}Z`);
  const text = (wall: number) => new Date(wall).toISOString().replace('.000Z', '+01:00');
  return Array.from({ length: hours }, (_, i) => i)
    .filter((i) => !skip(i))
    .map((i) => ({ window_start: text(startWall + i * HOUR_MS), window_end: text(startWall + (i + 1) * HOUR_MS) }));
}

describe('dataCoverage', () => {
  it('is the share of the expected hourly windows, up to now, that came; a silent day is one gap', () => {
    // 16–18 Nov, now 18 Nov 12:00: 24 + 24 + 12 expected; 17 Nov sent nothing.
    const points = hourly('2026-11-16T00:00:00', 60, (i) => i >= 24 && i < 48);
    const coverage = dataCoverage({
      points,
      start: '2026-11-16',
      end: '2026-11-18',
      schedule: ALL_DAYS,
      nowMs: Date.parse('2026-11-18T11:00:00Z'),
      clock,
    });
    expect(coverage.expected).toBe(60);
    expect(coverage.present).toBe(36);
    expect(coverage.share).toBe(36 / 60);
    expect(coverage.gaps).toEqual([
      { startWall: Date.parse('2026-11-17T00:00:00Z'), endWall: Date.parse('2026-11-18T00:00:00Z'), ongoing: false },
    ]);
    expect(coverage.latestMs).toBe(Date.parse('2026-11-18T11:00:00Z'));
    expect(coverage.silentOverADay).toBe(false);
  });

  it('expects only the open hours and days; a gap runs across the closed hours between', () => {
    // Mon–Fri 8–17 (inclusive); Mon 16 and Tue 17 Nov; nothing from Mon 16:00 to Tue 09:00.
    const schedule = { hours: { start: 8, end: 17 }, days: [2, 3, 4, 5, 6] };
    const points = hourly('2026-11-16T00:00:00', 48).filter((p) => {
      const hour = Number(p.window_start.slice(11, 13));
      const day = p.window_start.slice(0, 10);
      if (hour < 8 || hour > 17) return false;
      return !((day === '2026-11-16' && hour >= 16) || (day === '2026-11-17' && hour < 10));
    });
    const coverage = dataCoverage({
      points,
      start: '2026-11-16',
      end: '2026-11-17',
      schedule,
      nowMs: Date.parse('2026-11-17T23:00:00Z'),
      clock,
    });
    expect(coverage.expected).toBe(20);
    expect(coverage.present).toBe(16);
    expect(coverage.gaps).toEqual([
      { startWall: Date.parse('2026-11-16T16:00:00Z'), endWall: Date.parse('2026-11-17T10:00:00Z'), ongoing: false },
    ]);
  });

  it('a gap reaching now is the location going silent, over a day when it began more than 24 hours ago', () => {
    const points = hourly('2026-11-16T00:00:00', 10);
    const coverage = dataCoverage({
      points,
      start: '2026-11-16',
      end: '2026-11-18',
      schedule: ALL_DAYS,
      nowMs: Date.parse('2026-11-18T11:00:00Z'),
      clock,
    });
    expect(coverage.gaps).toHaveLength(1);
    expect(coverage.gaps[0]!.ongoing).toBe(true);
    expect(coverage.silentOverADay).toBe(true);
  });

  it('expects nothing before the range has begun', () => {
    const none = dataCoverage({
      points: [],
      start: '2026-11-19',
      end: '2026-11-20',
      schedule: ALL_DAYS,
      nowMs: Date.parse('2026-11-18T11:00:00Z'),
      clock,
    });
    expect(none).toMatchObject({ share: null, expected: 0, latestMs: null, gaps: [] });
  });
});
