import { describe, expect, it } from 'vitest';

import { locationRecordSchema } from '../src/api/schemas';
import { formatIsoDate, localDayAt, parseIsoDate } from './local-time';
import { childrenOf, findLocation, LOCATIONS, toLocationRecord, type Location } from './locations';
import { daySamples, maxOccupancy, MISSING, SAMPLE_MS, SAMPLES_PER_HOUR, sensorOutages } from './model';

const SEED = 42;

function location(id: number): Location {
  const found = findLocation(id);
  if (found === undefined) throw new Error(`no location ${id}`);
  return found;
}

function* days(from: string, to: string): Generator<number> {
  for (let day = parseIsoDate(from); day <= parseIsoDate(to); day++) yield day;
}

describe('the location catalogue', () => {
  it('has at least 8 locations in four zones, with valid records', () => {
    expect(LOCATIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(LOCATIONS.map((place) => place.timeZone))).toEqual(
      new Set(['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Tokyo']),
    );
    for (const place of LOCATIONS) locationRecordSchema.parse(toLocationRecord(place));
  });

  it('gives each group the sum of its children capacities, their zone, and the union of their schedules', () => {
    const groups = LOCATIONS.filter((place) => place.activity === null);
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const group of groups) {
      const children = childrenOf(group);
      expect(group.capacity).toBe(children.reduce((sum, child) => sum + child.capacity, 0));
      for (const child of children) {
        expect(child.timeZone).toBe(group.timeZone);
        expect(child.parentId).toBe(group.id);
        expect(group.operatingDays).toEqual(expect.arrayContaining([...child.operatingDays]));
      }
    }
  });

  it('nests three levels deep (building > floor > room)', () => {
    const room = location(23);
    const floor = location(room.parentId ?? -1);
    expect(floor.parentId).not.toBeNull();
    expect(location(floor.parentId ?? -1).parentId).toBeNull();
  });

  it('covers the documented cases: 24/7 in a DST zone, weekday office, weekend venue, statuses, start dates', () => {
    expect(location(11)).toMatchObject({
      timeZone: 'America/New_York',
      operatingHours: { start: 0, end: 23 },
      operatingDays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(location(21)).toMatchObject({ operatingHours: { start: 7, end: 19 }, operatingDays: [2, 3, 4, 5, 6] });
    expect(location(40)).toMatchObject({ timeZone: 'Asia/Tokyo', operatingDays: [1, 6, 7], capacity: 2000 });
    expect(location(23).capacity).toBe(6);
    expect(LOCATIONS.some((place) => place.status === 'calibration' || place.status === 'setup')).toBe(true);
    expect(LOCATIONS.find((place) => place.startDate === '2026-06-01')).toBeDefined();
    expect(LOCATIONS.find((place) => /[<>&"']/.test(place.name))?.name).toBe('Café "Le <Petit> & Co"');
    const threeYearsBeforeToday = '2023-11-22';
    const older = LOCATIONS.filter((place) => place.startDate !== '2026-06-01');
    for (const place of older) expect(place.startDate <= threeYearsBeforeToday, place.name).toBe(true);
  });
});

describe('the 5-minute model', () => {
  it('is a pure function of location, day and seed', () => {
    const day = parseIsoDate('2026-05-12');
    const first = daySamples(location(21), day, 7);
    const again = daySamples(location(21), day, 7);
    expect(Array.from(again.occupancy)).toEqual(Array.from(first.occupancy));
    const otherSeed = daySamples(location(21), day, 8);
    expect(Array.from(otherSeed.occupancy)).not.toEqual(Array.from(first.occupancy));
  });

  it('never exceeds about 1.1 x capacity, and a small room is over capacity now and then', () => {
    let overCapacity = 0;
    for (const day of days('2025-01-01', '2025-12-31')) {
      for (const id of [11, 21, 23, 40]) {
        const place = location(id);
        const { occupancy } = daySamples(place, day, SEED);
        const peak = Math.max(...occupancy);
        expect(peak).toBeLessThanOrEqual(maxOccupancy(place.capacity));
        if (id === 23 && peak > place.capacity) overCapacity += 1;
      }
    }
    expect(maxOccupancy(6)).toBe(7);
    expect(overCapacity).toBeGreaterThan(0);
  });

  it('has nobody outside operating hours and on closed days, but never closes the transit concourse', () => {
    const office = location(21);
    const tuesday = daySamples(office, parseIsoDate('2026-11-17'), SEED);
    const hourOf = (index: number) => tuesday.day.hours[Math.floor(index / SAMPLES_PER_HOUR)]?.wallHour ?? -1;
    tuesday.occupancy.forEach((people, index) => {
      if (hourOf(index) < 7 || hourOf(index) > 19) expect(people === 0 || people === MISSING).toBe(true);
    });
    expect(Math.max(...tuesday.occupancy)).toBeGreaterThan(50);

    const sunday = daySamples(office, parseIsoDate('2026-11-15'), SEED);
    const christmas = daySamples(office, parseIsoDate('2025-12-25'), SEED);
    for (const closed of [sunday, christmas]) expect(closed.occupancy.every((people) => people <= 0)).toBe(true);

    const concourseChristmas = daySamples(location(11), parseIsoDate('2025-12-25'), SEED);
    const night = concourseChristmas.occupancy.slice(3 * SAMPLES_PER_HOUR, 4 * SAMPLES_PER_HOUR);
    expect(Math.min(...night)).toBeGreaterThan(0);
  });

  it('peaks at commute times on a transit weekday and in the evening of an event weekend', () => {
    const concourse = daySamples(location(11), parseIsoDate('2026-11-17'), SEED).occupancy;
    const hourMean = (samples: Int16Array, hour: number) =>
      samples.slice(hour * SAMPLES_PER_HOUR, (hour + 1) * SAMPLES_PER_HOUR).reduce((a, b) => a + b, 0) / 12;
    expect(hourMean(concourse, 8)).toBeGreaterThan(3 * hourMean(concourse, 3));
    expect(hourMean(concourse, 17)).toBeGreaterThan(hourMean(concourse, 12));
  });

  it('has no samples before the start date, and data from it on', () => {
    const lab = location(32);
    const before = daySamples(lab, parseIsoDate('2026-05-31'), SEED);
    expect(before.started).toBe(false);
    expect(before.occupancy.every((people) => people === MISSING)).toBe(true);
    expect(daySamples(lab, parseIsoDate('2026-06-02'), SEED).occupancy.some((people) => people > 0)).toBe(true);
  });

  it('has 2 to 4 sensor outages per leaf and year, from 2 hours to about 2 days, whose samples are missing', () => {
    const office = location(21);
    const outages = sensorOutages(office.id, 2025, SEED);
    expect(outages.length).toBeGreaterThanOrEqual(2);
    expect(outages.length).toBeLessThanOrEqual(4);
    for (const outage of outages) {
      expect(outage.endMs - outage.startMs).toBeGreaterThanOrEqual(2 * 3600_000);
      expect(outage.endMs - outage.startMs).toBeLessThanOrEqual(48 * 3600_000);
    }
    const outage = outages[0]!;
    const probe = outage.startMs + SAMPLE_MS;
    const { dayNumber } = localDayAt(office.timeZone, probe);
    const samples = daySamples(office, dayNumber, SEED);
    const index = Math.floor((probe - samples.day.startMs) / SAMPLE_MS);
    expect(samples.occupancy[index], formatIsoDate(dayNumber)).toBe(MISSING);
  });

  it('sums the children for a group, and is missing where any started child is missing', () => {
    for (const day of days('2025-03-01', '2025-03-07')) {
      const floor = location(22);
      const group = daySamples(floor, day, SEED);
      const children = childrenOf(floor).map((child) => daySamples(child, day, SEED));
      group.occupancy.forEach((people, index) => {
        const parts = children.filter((child) => child.started).map((child) => child.occupancy[index] ?? MISSING);
        const expected = parts.includes(MISSING) ? MISSING : parts.reduce((a, b) => a + b, 0);
        expect(people).toBe(expected);
      });
    }
  });
});
