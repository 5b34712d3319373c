/**
 * Data coverage across DST changes, on windows in the real vendor's shape (each bound with its own offset, no zone
 * anywhere) built by date-fns-tz (src/test/zoned-time-range.ts), never by the app's time code: for a named zone, and
 * for a location without one, whose days are read from the windows (a portfolio row with pinned dates), with a
 * probed day of today, or of the change day itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { windowsClock, zoneClock, type LocalClock } from '../lib/local-clock';
import { addDays, formatWall, probedDayFrom, type LocationZone } from '../lib/time';
import { zonedHours, zonedTimeRange } from '../test/zoned-time-range';
import { dataCoverage, type Gap } from './coverage';

/** A gap as its wall-clock bounds (the English the data health panel words it in: features/utilization/gap-words.ts). */
function gapAsText(gap: Gap): string {
  const at = (wall: number) => formatWall(wall, 'EEE d MMM HH:mm');
  return gap.ongoing ? `no data since ${at(gap.startWall)}` : `no data ${at(gap.startWall)} – ${at(gap.endWall)}`;
}

const ALL = { hours: { start: 0, end: 23 }, days: [1, 2, 3, 4, 5, 6, 7] };
const LATER = Date.UTC(2027, 0, 1);

type Window = { window_start: string; window_end: string };

interface Change {
  zone: string;
  spring: string;
  fall: string;
  /** The second window of the hour the fall-back repeats, and that window as a gap. */
  repeated: [string, string];
  /** The window across the spring-forward change, and it as a gap. */
  across: [string, string];
  /** The windows of an outage from 22:00 the day before the spring change to 06:00, and it as a gap. */
  outage: [number, string];
}

const CHANGES: Change[] = [
  {
    zone: 'America/New_York',
    spring: '2025-03-09',
    fall: '2025-11-02',
    repeated: ['2025-11-02T01:00:00-05:00', 'no data Sun 2 Nov 01:00 – Sun 2 Nov 02:00'],
    across: ['2025-03-09T01:00:00-05:00', 'no data Sun 9 Mar 01:00 – Sun 9 Mar 03:00'],
    outage: [7, 'no data Sat 8 Mar 22:00 – Sun 9 Mar 06:00'],
  },
  {
    zone: 'Europe/Berlin',
    spring: '2025-03-30',
    fall: '2025-10-26',
    repeated: ['2025-10-26T02:00:00+01:00', 'no data Sun 26 Oct 02:00 – Sun 26 Oct 03:00'],
    across: ['2025-03-30T01:00:00+01:00', 'no data Sun 30 Mar 01:00 – Sun 30 Mar 03:00'],
    outage: [7, 'no data Sat 29 Mar 22:00 – Sun 30 Mar 06:00'],
  },
  {
    zone: 'Australia/Sydney',
    spring: '2025-10-05',
    fall: '2025-04-06',
    repeated: ['2025-04-06T02:00:00+10:00', 'no data Sun 6 Apr 02:00 – Sun 6 Apr 03:00'],
    across: ['2025-10-05T01:00:00+10:00', 'no data Sun 5 Oct 01:00 – Sun 5 Oct 03:00'],
    outage: [7, 'no data Sat 4 Oct 22:00 – Sun 5 Oct 06:00'],
  },
];

const probed = (zone: string, date: string): LocationZone => ({
  kind: 'day',
  day: probedDayFrom(date, zonedTimeRange(zone, date, date)),
});

/** The clocks a location's coverage may be read on; `sent` is what the API sent, `from`–`to` the range asked for. */
function clocks(zone: string, change: string, sent: Window[], from: string, to: string): [string, LocalClock][] {
  const range = [zonedTimeRange(zone, from, to)];
  return [
    ['a named zone', zoneClock({ kind: 'zone', name: zone })],
    ['windows alone', windowsClock({ kind: 'offset', offsetMinutes: 0 }, sent)],
    ['windows and the range', windowsClock({ kind: 'offset', offsetMinutes: 0 }, sent, range)],
    ['windows and today’s probe', windowsClock(probed(zone, '2025-12-15'), sent, range)],
    ['windows and the change day’s probe', windowsClock(probed(zone, change), sent, range)],
  ];
}

function coverageOf(clock: LocalClock, points: Window[], from: string, to: string, schedule = ALL) {
  return dataCoverage({ points, start: from, end: to, schedule, nowMs: LATER, clock });
}

describe.each(CHANGES)('coverage in $zone', (change) => {
  const { zone } = change;

  describe('around the spring-forward day, 23 hours', () => {
    const [from, to] = [addDays(change.spring, -1), addDays(change.spring, 1)];
    const every = zonedHours(zone, from, to);

    it('is 100 % when the API sent every window: no hour the day does not have is expected', () => {
      expect(every).toHaveLength(71);
      for (const [name, clock] of clocks(zone, change.spring, every, from, to)) {
        expect(coverageOf(clock, every, from, to), name).toMatchObject({ share: 1, expected: 71, gaps: [] });
      }
    });

    it('the window across the change missing is one gap, from 01:00 to 03:00', () => {
      const sent = every.filter((w) => w.window_start !== change.across[0]);
      for (const [name, clock] of clocks(zone, change.spring, sent, from, to)) {
        const coverage = coverageOf(clock, sent, from, to);
        expect(coverage, name).toMatchObject({ expected: 71, present: 70 });
        expect(coverage.gaps.map(gapAsText), name).toEqual([change.across[1]]);
      }
    });

    it('an outage across the change counts the hours it really lasted, and is named by its wall clock', () => {
      const [missing, words] = change.outage;
      const outageStart = every.findIndex((w) => w.window_start.startsWith(`${from}T22:00`));
      const sent = every.filter((_, i) => i < outageStart || i >= outageStart + missing);
      expect(sent[outageStart]!.window_start.slice(0, 16)).toBe(`${change.spring}T06:00`);
      for (const [name, clock] of clocks(zone, change.spring, sent, from, to)) {
        const coverage = coverageOf(clock, sent, from, to);
        expect(coverage, name).toMatchObject({ expected: 71, present: 71 - missing });
        expect(coverage.gaps.map(gapAsText), name).toEqual([words]);
      }
    });

    it('with closed nights (08:00–18:59) and no window there, the open hours are all expected and all there', () => {
      const schedule = { hours: { start: 8, end: 18 }, days: ALL.days };
      const sent = every.filter((w) => {
        const hour = Number(w.window_start.slice(11, 13));
        return hour >= 8 && hour <= 18;
      });
      for (const [name, clock] of clocks(zone, change.spring, sent, from, to)) {
        expect(coverageOf(clock, sent, from, to, schedule), name).toMatchObject({ share: 1, expected: 33 });
      }
    });
  });

  describe('around the fall-back day, 25 hours', () => {
    const [from, to] = [addDays(change.fall, -1), addDays(change.fall, 1)];
    const every = zonedHours(zone, from, to);

    it('is 100 % when the API sent every window, the repeated hour counted twice', () => {
      expect(every).toHaveLength(73);
      for (const [name, clock] of clocks(zone, change.fall, every, from, to)) {
        expect(coverageOf(clock, every, from, to), name).toMatchObject({ share: 1, expected: 73, gaps: [] });
      }
    });

    it('one of the repeated hour’s two windows missing is a gap of one hour', () => {
      const sent = every.filter((w) => w.window_start !== change.repeated[0]);
      expect(sent).toHaveLength(72);
      for (const [name, clock] of clocks(zone, change.fall, sent, from, to)) {
        const coverage = coverageOf(clock, sent, from, to);
        expect(coverage, name).toMatchObject({ expected: 73, present: 72, share: 72 / 73 });
        expect(coverage.gaps.map(gapAsText), name).toEqual([change.repeated[1]]);
      }
    });
  });
});

describe('coverage from the windows’ offsets is the named zone’s (property)', () => {
  const ZONES: [string, string][] = [
    ...CHANGES.flatMap((c): [string, string][] => [
      [c.zone, c.spring],
      [c.zone, c.fall],
    ]),
    ['Europe/London', '2026-03-29'],
    ['Pacific/Auckland', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['America/St_Johns', '2026-11-01'],
  ];

  it('whatever the API left out and whichever hours are applied', () => {
    // The days around each change, every window of them and the range's bounds, built once.
    const cases = ZONES.map(([zone, date]) => {
      const [from, to] = [addDays(date, -1), addDays(date, 1)];
      return { zone, from, to, every: zonedHours(zone, from, to), range: zonedTimeRange(zone, from, to) };
    });
    const caseArb = fc.record({
      change: fc.constantFrom(...cases),
      start: fc.integer({ min: 0, max: 23 }),
      end: fc.integer({ min: 0, max: 23 }),
      kept: fc.func(fc.boolean()),
    });
    fc.assert(
      fc.property(caseArb, ({ change: { zone, from, to, every, range }, start, end, kept }) => {
        const schedule = { hours: { start, end }, days: ALL.days };
        const inHours = (w: Window) => {
          const hour = Number(w.window_start.slice(11, 13));
          return start <= end ? hour >= start && hour <= end : hour >= start || hour <= end;
        };
        // The API sends only windows of the hours applied, and left some out.
        const due = every.filter(inHours);
        const sent = due.filter((w) => kept(w.window_start));
        const named = coverageOf(zoneClock({ kind: 'zone', name: zone }), sent, from, to, schedule);
        expect(named).toMatchObject({ expected: due.length, present: sent.length });
        const fromWindows = windowsClock({ kind: 'offset', offsetMinutes: 0 }, sent, [range]);
        expect(coverageOf(fromWindows, sent, from, to, schedule)).toEqual(named);
      }),
      { seed: 20251102, numRuns: 300 },
    );
  });
});
