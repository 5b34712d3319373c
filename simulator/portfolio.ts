/**
 * `--portfolio N`: N generated spaces beside the built-in locations, at the scale of a real customer.
 * Spaces come in buildings of 8 to 16 (about a dozen), buildings in campuses of 3 to 7 (about five), so
 * 1,500 spaces make about 125 buildings and 25 campuses; only the last building and campus may be
 * smaller. Every campus has one time zone, cycling through nine on five continents.
 *
 * Ids run from 1000 in one sequence, depth first, parents before children: a campus, its first
 * building, that building's spaces, the next building... Spaces are ordinary leaves of the model
 * (locations.ts, model.ts) with one of its activity profiles, a capacity, operating hours and days,
 * a status, a start date and a `demand` that makes some nearly empty and some often over capacity;
 * buildings and campuses are groups, derived from their children like the built-in ones. Everything
 * is drawn from one stream seeded by `--seed` (prng.ts), in generation order: the same seed and size
 * give the same portfolio, and a smaller portfolio of the same seed is a prefix of a larger one, up to
 * its last building and campus.
 *
 * Names are unique across the portfolio so that a space can be found by its name alone: a campus is a
 * city and a district ("Munich Riverside Campus"), a building a letter ("Building B"), a space its kind,
 * number and the campus and building it is in ("Meeting Room 3.14, Munich Riverside B").
 */
import { formatIsoDate, parseIsoDate } from './local-time';
import type { ActivityKind, HourRange, LeafDefinition, LocationStatus } from './location-definitions';
import { groupLocation, type Location, leafLocation } from './locations';
import { maxOccupancy } from './model';

import { buildingLetter, CampusNames, Draws, PORTFOLIO_ZONES } from './portfolio-draws';
/** The first generated id; the built-in locations have ids 10 to 40. */
export const PORTFOLIO_FIRST_ID = 1000;
export const MAX_PORTFOLIO_SPACES = 20_000;

const BUILDING_SIZE = { min: 8, max: 16 };
const CAMPUS_SIZE = { min: 3, max: 7 };

interface Schedule {
  hours: HourRange;
  /** Day codes, 1 = Sunday. */
  days: string;
  weight: number;
}

/** A building's hours and days; most of its spaces keep them, some open an hour later and close an hour earlier. */
const SCHEDULES: readonly Schedule[] = [
  { hours: { start: 7, end: 19 }, days: '23456', weight: 38 },
  { hours: { start: 8, end: 22 }, days: '234567', weight: 18 },
  { hours: { start: 0, end: 23 }, days: '1234567', weight: 10 },
  { hours: { start: 6, end: 20 }, days: '23456', weight: 12 },
  { hours: { start: 9, end: 18 }, days: '23456', weight: 14 },
  { hours: { start: 7, end: 23 }, days: '1234567', weight: 8 },
];

/** The share of a campus's buildings that keep its schedule; the others draw their own. */
const SHARED_SCHEDULE_SHARE = 0.7;

interface SpaceKind {
  label: string;
  activity: ActivityKind;
  capacity: { min: number; max: number };
  weight: number;
  /** `room`: numbered by floor ("3.14"); `sequence`: numbered within the building ("2"). */
  numbering: 'room' | 'sequence';
}

const SPACE_KINDS: readonly SpaceKind[] = [
  { label: 'Meeting Room', activity: 'meeting-room', capacity: { min: 4, max: 16 }, weight: 34, numbering: 'room' },
  { label: 'Boardroom', activity: 'meeting-room', capacity: { min: 12, max: 24 }, weight: 4, numbering: 'room' },
  { label: 'Focus Booth', activity: 'office', capacity: { min: 2, max: 4 }, weight: 16, numbering: 'sequence' },
  { label: 'Open Workspace', activity: 'office', capacity: { min: 40, max: 300 }, weight: 20, numbering: 'sequence' },
  { label: 'Project Lab', activity: 'lab', capacity: { min: 10, max: 60 }, weight: 7, numbering: 'room' },
  { label: 'Café', activity: 'cafe', capacity: { min: 20, max: 80 }, weight: 7, numbering: 'sequence' },
  { label: 'Library', activity: 'library', capacity: { min: 20, max: 120 }, weight: 7, numbering: 'sequence' },
  { label: 'Auditorium', activity: 'event-hall', capacity: { min: 100, max: 300 }, weight: 5, numbering: 'sequence' },
];

/**
 * Spaces above this capacity per building: at most LARGE_SPACES_PER_BUILDING, so a campus's peak fits
 * the model's 16-bit samples with room to spare (7 buildings of 2 × 300 + 14 × 120 people).
 */
const LARGE_CAPACITY = 120;
const LARGE_SPACES_PER_BUILDING = 2;
const INT16_MAX = 32_767;

/** How busy a space is: `demand` scales its activity's expected share of capacity. */
const USAGE = {
  /** About one space in eight is nearly empty: under 10 % average utilization at any activity. */
  idle: { share: 0.12, demand: { min: 0.03, max: 0.08 } },
  /** About one in ten is often over capacity. */
  crowded: { share: 0.1, demand: { min: 1.5, max: 1.9 } },
  ordinary: { demand: { min: 0.5, max: 1.05 } },
};

const STATUSES: readonly { status: LocationStatus; weight: number }[] = [
  { status: 'active', weight: 93 },
  { status: 'calibration', weight: 4 },
  { status: 'setup', weight: 3 },
];

/**
 * Campuses open between these days, their spaces by LAST_ACTIVE_START; spaces in setup start from SETUP_FROM,
 * some after the end-to-end tests' fixed clock (2026-11-18), so they have no data yet.
 */
const FIRST_OPENING = parseIsoDate('2019-01-07');
const LAST_OPENING = parseIsoDate('2025-06-30');
const LAST_ACTIVE_START = parseIsoDate('2026-06-30');
const SETUP_FROM = parseIsoDate('2026-08-01');

interface BuildingContext {
  /** "Munich Riverside B": what a space's name ends with. */
  label: string;
  zone: string;
  schedule: Schedule;
  opening: number;
  dataKeyPrefix: string;
}

/** The spaces of one building, ids from `firstId`. */
function buildingSpaces(
  draws: Draws,
  building: BuildingContext,
  firstId: number,
  count: number,
  parentId: number,
): Location[] {
  const floors = Math.max(1, Math.ceil(count / draws.int(3, 6)));
  const floorOffset = draws.int(0, 2);
  const roomNumbers = new Map<number, number>();
  const sequenceNumbers = new Map<string, number>();
  let largeSpaces = 0;
  const spaces: Location[] = [];
  for (let index = 0; index < count; index++) {
    const kind = draws.weighted(SPACE_KINDS);
    const floor = floorOffset + Math.floor((index * floors) / count);
    let number: string;
    if (kind.numbering === 'room') {
      const room = (roomNumbers.get(floor) ?? draws.int(0, 8)) + draws.int(1, 3);
      roomNumbers.set(floor, room);
      number = `${floor}.${String(room).padStart(2, '0')}`;
    } else {
      const next = (sequenceNumbers.get(kind.label) ?? 0) + 1;
      sequenceNumbers.set(kind.label, next);
      number = String(next);
    }
    const maxCapacity =
      largeSpaces >= LARGE_SPACES_PER_BUILDING ? Math.min(LARGE_CAPACITY, kind.capacity.max) : kind.capacity.max;
    // Skewed towards the small end: most open workspaces seat dozens, few hundreds.
    const skew = draws.unit() ** 2;
    const capacity = Math.round(
      kind.capacity.min + skew * (Math.max(kind.capacity.min, maxCapacity) - kind.capacity.min),
    );
    if (capacity > LARGE_CAPACITY) largeSpaces += 1;

    const { status } = draws.weighted(STATUSES);
    const usage = draws.unit();
    const demandRange =
      usage < USAGE.idle.share
        ? USAGE.idle.demand
        : usage >= 1 - USAGE.crowded.share
          ? USAGE.crowded.demand
          : USAGE.ordinary.demand;
    const demand = Math.round(draws.between(demandRange.min, demandRange.max) * 1000) / 1000;

    const narrower = draws.unit() < 0.2 && building.schedule.hours.end - building.schedule.hours.start >= 6;
    const hours = narrower
      ? { start: building.schedule.hours.start + 1, end: building.schedule.hours.end - 1 }
      : { ...building.schedule.hours };
    const startDay =
      status === 'setup'
        ? SETUP_FROM + draws.int(0, 150)
        : Math.min(LAST_ACTIVE_START, building.opening + (draws.unit() < 0.25 ? draws.int(30, 700) : 0));

    const id = firstId + index;
    const definition: LeafDefinition = {
      id,
      name: `${kind.label} ${number}, ${building.label}`,
      status,
      parentId,
      timeZone: building.zone,
      activity: kind.activity,
      capacity,
      startDate: formatIsoDate(startDay),
      operatingHours: hours,
      operatingDays: building.schedule.days,
      demand,
      dataKey: `${building.dataKeyPrefix}${id}`,
    };
    spaces.push(leafLocation(definition));
  }
  return spaces;
}

/**
 * The generated campuses, buildings and spaces, ascending by id (parents before children): `spaceCount`
 * spaces, none for 0.
 */
export function generatePortfolio(spaceCount: number, seed: number): Location[] {
  if (!Number.isSafeInteger(spaceCount) || spaceCount < 0 || spaceCount > MAX_PORTFOLIO_SPACES) {
    throw new RangeError(`portfolio size must be an integer from 0 to ${MAX_PORTFOLIO_SPACES}; got ${spaceCount}`);
  }
  if (spaceCount === 0) return [];
  const draws = new Draws(seed);
  const zoneOrder = draws.shuffled(PORTFOLIO_ZONES);
  const campusNames = new CampusNames(draws);
  const dataKeyPrefix = `portfolio-${spaceCount}:`;
  const locations: Location[] = [];
  let nextId = PORTFOLIO_FIRST_ID;
  let remaining = spaceCount;
  for (let campusIndex = 0; remaining > 0; campusIndex++) {
    const zone = zoneOrder[campusIndex % zoneOrder.length]!;
    const campusName = campusNames.next(zone);
    const campusId = nextId++;
    const opening = draws.int(FIRST_OPENING, LAST_OPENING);
    const campusSchedule = draws.weighted(SCHEDULES);
    const buildingCount = draws.int(CAMPUS_SIZE.min, CAMPUS_SIZE.max);
    const buildings: Location[] = [];
    for (let buildingIndex = 0; buildingIndex < buildingCount && remaining > 0; buildingIndex++) {
      const buildingId = nextId++;
      const size = Math.min(remaining, draws.int(BUILDING_SIZE.min, BUILDING_SIZE.max));
      const letter = buildingLetter(buildingIndex);
      const context: BuildingContext = {
        label: `${campusName} ${letter}`,
        zone,
        schedule: draws.unit() < SHARED_SCHEDULE_SHARE ? campusSchedule : draws.weighted(SCHEDULES),
        opening: opening + draws.int(0, 365),
        dataKeyPrefix,
      };
      const spaces = buildingSpaces(draws, context, nextId, size, buildingId);
      nextId += size;
      remaining -= size;
      const building = groupLocation(
        {
          id: buildingId,
          name: `Building ${letter}`,
          parentId: campusId,
          timeZone: zone,
          dataKey: `${dataKeyPrefix}${buildingId}`,
        },
        spaces,
      );
      buildings.push(building);
      locations.push(building, ...spaces);
    }
    const campus = groupLocation(
      {
        id: campusId,
        name: `${campusName} Campus`,
        parentId: null,
        timeZone: zone,
        dataKey: `${dataKeyPrefix}${campusId}`,
      },
      buildings,
    );
    if (maxOccupancy(campus.capacity) > INT16_MAX) {
      throw new Error(`campus ${campusId} is too large for the model's samples (capacity ${campus.capacity})`);
    }
    locations.push(campus);
  }
  return locations.sort((a, b) => a.id - b.id);
}
