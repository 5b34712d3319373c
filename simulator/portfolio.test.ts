/** `--portfolio N`: generated campuses, buildings and spaces beside the built-in locations. */
import { beforeAll, describe, expect, it } from 'vitest';

import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  locationRecordSchema,
  METRIC_RESPONSE_SCHEMAS,
} from '../src/api/schemas';
import { createCatalogue } from './catalogue';
import { parseIsoDate } from './local-time';
import { LOCATIONS, type Location, toLocationRecord } from './locations';
import { daySamples } from './model';
import { generatePortfolio, PORTFOLIO_FIRST_ID } from './portfolio';
import { PORTFOLIO_ZONES } from './portfolio-draws';
import { createTestClient, parsed, type TestClient } from './test-support';

const SEED = 42;
const SIZE = 1500;

const portfolio = generatePortfolio(SIZE, SEED);
const byId = new Map(portfolio.map((location) => [location.id, location]));
const spaces = portfolio.filter((location) => location.activity !== null);
const buildings = portfolio.filter((location) => location.activity === null && location.parentId !== null);
const campuses = portfolio.filter((location) => location.parentId === null);

function parentOf(location: Location): Location {
  const parent = byId.get(location.parentId ?? -1);
  if (parent === undefined) throw new Error(`location ${location.id} has no generated parent`);
  return parent;
}

/** Everything that makes a location what it is, children as ids (a record is not enough: demand, activity). */
function describeLocation(location: Location) {
  const { children, ...rest } = location;
  return { ...rest, children: children.map((child) => child.id) };
}

describe('generatePortfolio', () => {
  it('is a pure function of size and seed', () => {
    expect(generatePortfolio(SIZE, SEED).map(describeLocation)).toEqual(portfolio.map(describeLocation));
    const other = generatePortfolio(SIZE, SEED + 1);
    expect(other.map((location) => location.name)).not.toEqual(portfolio.map((location) => location.name));
    expect(generatePortfolio(0, SEED)).toEqual([]);
  });

  it('makes a smaller portfolio of the same seed a prefix of a larger one, up to its last building', () => {
    const small = generatePortfolio(100, SEED);
    const lastBuilding = small.filter((location) => location.activity === null).at(-1)?.id ?? 0;
    const leaves = small.filter((location) => location.activity !== null && location.parentId !== lastBuilding);
    for (const leaf of leaves) {
      expect({ ...describeLocation(leaf), dataKey: '' }).toEqual({
        ...describeLocation(byId.get(leaf.id)!),
        dataKey: '',
      });
    }
    // Not the same cached data, though: the last building and campus differ.
    expect(small[0]?.dataKey).not.toBe(portfolio[0]?.dataKey);
  });

  it('adds exactly N spaces, in buildings of 8 to 16 and campuses of 3 to 7 buildings (the last ones may be smaller)', () => {
    expect(spaces).toHaveLength(SIZE);
    expect(buildings.length).toBeGreaterThanOrEqual(SIZE / 16);
    expect(buildings.length).toBeLessThanOrEqual(Math.ceil(SIZE / 8));
    expect(buildings.length).toBeGreaterThan(110);
    expect(buildings.length).toBeLessThan(140);
    expect(campuses.length).toBeGreaterThan(18);
    expect(campuses.length).toBeLessThan(35);
    for (const building of buildings.slice(0, -1)) {
      expect(building.children.length).toBeGreaterThanOrEqual(8);
      expect(building.children.length).toBeLessThanOrEqual(16);
    }
    for (const campus of campuses.slice(0, -1)) {
      expect(campus.children.length).toBeGreaterThanOrEqual(3);
      expect(campus.children.length).toBeLessThanOrEqual(7);
    }
  });

  it('numbers ids from 1000 in one sequence, parents before children, and chains space → building → campus', () => {
    expect(portfolio.map((location) => location.id)).toEqual(
      Array.from({ length: portfolio.length }, (_, index) => PORTFOLIO_FIRST_ID + index),
    );
    for (const space of spaces) {
      const building = parentOf(space);
      expect(building.activity).toBeNull();
      expect(building.id).toBeLessThan(space.id);
      const campus = parentOf(building);
      expect(campus.parentId).toBeNull();
      expect(campus.id).toBeLessThan(building.id);
    }
    for (const group of [...buildings, ...campuses]) {
      for (const child of group.children) expect(child.parentId).toBe(group.id);
    }
  });

  it("gives buildings and campuses the sum of their children's capacities, their zone and the union of their schedules", () => {
    for (const group of [...buildings, ...campuses]) {
      expect(group.capacity).toBe(group.children.reduce((sum, child) => sum + child.capacity, 0));
      for (const child of group.children) {
        expect(child.timeZone).toBe(group.timeZone);
        expect(group.operatingDays).toEqual(expect.arrayContaining([...child.operatingDays]));
        expect(group.operatingHours.start).toBeLessThanOrEqual(child.operatingHours.start);
        expect(group.operatingHours.end).toBeGreaterThanOrEqual(child.operatingHours.end);
        expect(group.startDate <= child.startDate).toBe(true);
      }
    }
  });

  it('mixes time zones across continents, one per campus', () => {
    expect(new Set(campuses.map((campus) => campus.timeZone))).toEqual(new Set(PORTFOLIO_ZONES));
    expect(PORTFOLIO_ZONES).toEqual(
      expect.arrayContaining([
        'America/New_York',
        'America/Los_Angeles',
        'America/Sao_Paulo',
        'Europe/London',
        'Europe/Berlin',
        'Asia/Tokyo',
        'Asia/Singapore',
        'Australia/Sydney',
        'Asia/Kolkata',
      ]),
    );
  });

  it('varies capacities, schedules, statuses and start dates', () => {
    const capacities = spaces.map((space) => space.capacity);
    expect(Math.min(...capacities)).toBe(2);
    expect(Math.max(...capacities)).toBeGreaterThan(250);
    expect(Math.max(...capacities)).toBeLessThanOrEqual(300);
    expect(new Set(capacities).size).toBeGreaterThan(100);

    const schedules = new Set(
      spaces.map(
        (space) => `${space.operatingHours.start}-${space.operatingHours.end}/${space.operatingDays.join('')}`,
      ),
    );
    expect(schedules.size).toBeGreaterThanOrEqual(6);
    for (const schedule of ['7-19/23456', '8-22/234567', '0-23/1234567']) expect(schedules).toContain(schedule);

    const statuses = spaces.map((space) => space.status);
    expect(statuses.filter((status) => status === 'active').length / SIZE).toBeGreaterThan(0.85);
    expect(statuses).toContain('setup');
    expect(statuses).toContain('calibration');

    const years = new Set(spaces.map((space) => space.startDate.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(6);
    for (const place of portfolio) locationRecordSchema.parse(toLocationRecord(place));
  });

  it('names every campus and space uniquely, a space by its kind, number, campus and building', () => {
    expect(new Set(campuses.map((campus) => campus.name)).size).toBe(campuses.length);
    expect(new Set(spaces.map((space) => space.name)).size).toBe(SIZE);
    for (const campus of campuses) expect(campus.name).toMatch(/^\S.* Campus$/);
    for (const building of buildings) expect(building.name).toMatch(/^Building [A-G]$/);
    const first = spaces[0]!;
    const building = parentOf(first);
    const campusName = parentOf(building).name.replace(/ Campus$/, '');
    expect(first.name.endsWith(`, ${campusName} ${building.name.slice(-1)}`)).toBe(true);
    expect(spaces.some((space) => /^Meeting Room \d\.\d\d, /.test(space.name))).toBe(true);
    expect(spaces.some((space) => /^Open Workspace \d+, /.test(space.name))).toBe(true);
    expect(spaces.some((space) => /^Focus Booth \d+, /.test(space.name))).toBe(true);
  });

  it('stays within the model: a campus peak fits 16-bit samples, and 20,000 spaces have unique campus names', () => {
    const largest = generatePortfolio(20_000, SEED);
    const largestCampuses = largest.filter((location) => location.parentId === null);
    expect(new Set(largestCampuses.map((campus) => campus.name)).size).toBe(largestCampuses.length);
    expect(Math.max(...largestCampuses.map((campus) => campus.capacity))).toBeLessThan(20_000);
    expect(() => generatePortfolio(20_001, SEED)).toThrow(RangeError);
  });

  it('keeps two portfolios of one seed apart in the model cache', () => {
    const small = generatePortfolio(20, SEED);
    const building = small.filter((location) => location.activity === null && location.parentId !== null).at(-1)!;
    const inLarge = byId.get(building.id)!;
    expect(building.children.length).toBeLessThan(inLarge.children.length);
    const day = parseIsoDate('2026-11-17');
    const sum = (location: Location) => daySamples(location, day, SEED).occupancy.reduce((a, b) => a + b, 0);
    expect(sum(building)).not.toBe(sum(inLarge));
  });
});

describe('createCatalogue', () => {
  it('puts the generated locations after the built-in ones, ascending by id', () => {
    const catalogue = createCatalogue({ portfolio: SIZE, seed: SEED });
    expect(catalogue.locations).toHaveLength(LOCATIONS.length + portfolio.length);
    expect(catalogue.locations.slice(0, LOCATIONS.length)).toEqual(LOCATIONS);
    expect(catalogue.find(PORTFOLIO_FIRST_ID)?.name).toBe(portfolio[0]?.name);
    expect(catalogue.find(21)).toBe(LOCATIONS.find((location) => location.id === 21));
    expect(createCatalogue({ portfolio: 0, seed: SEED }).locations).toEqual(LOCATIONS);
  });
});

describe('--portfolio through the API', () => {
  const WEEK = { start_date: '2026-11-10', end_date: '2026-11-16', interval: '60min' };
  let client: TestClient;

  beforeAll(async () => {
    client = await createTestClient(['--portfolio', '400']);
  });

  it('serves the same records for the same seed, and others for another', async () => {
    const list = async (args: string[]) =>
      (await (await createTestClient([...args, '--portfolio', '400'])).get('/v2/locations')).text;
    expect(await list([])).toBe((await client.get('/v2/locations')).text);
    expect(await list(['--seed', '7'])).not.toBe((await client.get('/v2/locations')).text);
  });

  it('has nearly empty spaces, ordinary ones and ones often over capacity over a week', async () => {
    const list = parsed(locationListSchema, await client.get('/v2/locations'));
    const parents = new Set(list.data.map((record) => record.parent_id));
    const generatedSpaces = list.data.filter(
      (record) => record.location_id >= PORTFOLIO_FIRST_ID && !parents.has(record.location_id),
    );
    expect(generatedSpaces).toHaveLength(400);
    let withData = 0;
    let nearlyEmpty = 0;
    let ordinary = 0;
    let oftenOver = 0;
    for (const space of generatedSpaces) {
      const body = parsed(
        METRIC_RESPONSE_SCHEMAS.occupancy,
        await client.get(`/v2/locations/${space.location_id}/occupancy`, WEEK),
      );
      if (body.data.length === 0) continue;
      withData += 1;
      // Every window is an hour, so the time-weighted average is the plain mean.
      const average = body.data.reduce((sum, point) => sum + point.avg_utilization_percentage, 0) / body.data.length;
      const hoursOver = body.data.filter((point) => point.peak_occupancy > body.capacity).length;
      if (average < 0.1) nearlyEmpty += 1;
      else if (average < 0.7) ordinary += 1;
      if (hoursOver >= 5) oftenOver += 1;
    }
    expect(withData).toBeGreaterThan(380);
    expect(nearlyEmpty / withData).toBeGreaterThan(0.05);
    expect(nearlyEmpty / withData).toBeLessThan(0.3);
    expect(ordinary / withData).toBeGreaterThan(0.6);
    expect(oftenOver / withData).toBeGreaterThan(0.04);
  });

  it("serves each building's /now with its spaces, whose occupancy sums to the building's", async () => {
    let busy = 0;
    for (const building of buildings.filter((location) => location.id < PORTFOLIO_FIRST_ID + 400)) {
      const now = parsed(
        locationNowResponseSchema,
        await client.get(`/v2/locations/${building.id}/now`, { include: 'children' }),
      );
      expect(now.capacity).toBe(building.capacity);
      const children = now.children_data ?? [];
      expect(children.map((child) => child.location_id)).toEqual(building.children.map((child) => child.id));
      // A space in a sensor outage (null) leaves its building's reading unknown too.
      if (now.occupancy === null) {
        expect(children.some((child) => child.occupancy === null)).toBe(true);
        continue;
      }
      expect(children.reduce((sum, child) => sum + (child.occupancy ?? 0), 0)).toBe(now.occupancy);
      if (now.occupancy > 0) busy += 1;
    }
    expect(busy).toBeGreaterThanOrEqual(5);
  });

  it('pages the children of a generated campus', async () => {
    const campus = campuses[0]!;
    const first = parsed(
      locationDetailSchema,
      await client.get(`/v2/locations/${campus.id}`, { include: 'children', limit: 2 }),
    );
    expect(first.location_id).toBe(campus.id);
    expect(first.children_data?.map((child) => child.location_id)).toEqual(
      campus.children.slice(0, 2).map((child) => child.id),
    );
    expect(first.pagination?.has_more).toBe(true);
    const rest = parsed(
      locationDetailSchema,
      await client.get(`/v2/locations/${campus.id}`, {
        include: 'children',
        cursor: first.pagination?.next_cursor ?? '',
      }),
    );
    expect(rest.children_data?.map((child) => child.location_id)).toEqual(
      campus.children.slice(2, 4).map((child) => child.id),
    );
  });
});
