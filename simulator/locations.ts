/**
 * The built-in locations: four sites in four time zones, in hierarchies (site > building > floor >
 * room). Only leaves carry an activity profile and generate data; a group's capacity, operating
 * hours and days, start date and series are derived from its children (sums, unions, minimum), so
 * they can never disagree. Every location shares its site's time zone. `--portfolio` adds generated
 * campuses built with the same two constructors (portfolio.ts); catalogue.ts puts both together.
 */
import type { LocationRecord } from '../src/api/schemas';
import { type DayCode, type DayNumber, parseIsoDate } from './local-time';
import { BUILT_IN_GROUPS, BUILT_IN_LEAVES } from './built-in-locations';
import type { ActivityKind, GroupDefinition, HourRange, LeafDefinition, LocationStatus } from './location-definitions';

export interface Location {
  id: number;
  name: string;
  status: LocationStatus;
  parentId: number | null;
  timeZone: string;
  capacity: number;
  /** First day with data, `YYYY-MM-DD`, and the same as a day number. */
  startDate: string;
  startDay: DayNumber;
  operatingHours: HourRange;
  /** Ascending day codes, 1 = Sunday ... 7 = Saturday. */
  operatingDays: readonly DayCode[];
  /** Leaves only; null for a group. */
  activity: ActivityKind | null;
  /**
   * Leaves only: scales the activity's expected share of capacity. 1 for the built-in locations; a
   * generated space may be nearly empty (about 0.05) or often over capacity (about 1.7).
   */
  demand: number;
  /** Direct children, ascending by id; empty for a leaf. */
  children: readonly Location[];
  /**
   * What the model's day cache knows the location's data by (with the seed): the id for a built-in
   * location; a generated one adds its portfolio's size, since the last building and campus of a
   * portfolio depend on it, so two portfolios in one process never share a cached day.
   */
  dataKey: string;
}

export function parseDayCodes(codes: string): DayCode[] {
  const unique = new Set([...codes].map((code) => Number(code) as DayCode));
  return [...unique].sort((a, b) => a - b);
}

export function leafLocation(definition: LeafDefinition): Location {
  return {
    id: definition.id,
    name: definition.name,
    status: definition.status ?? 'active',
    parentId: definition.parentId,
    timeZone: definition.timeZone,
    capacity: definition.capacity,
    startDate: definition.startDate,
    startDay: parseIsoDate(definition.startDate),
    operatingHours: definition.operatingHours,
    operatingDays: parseDayCodes(definition.operatingDays),
    activity: definition.activity,
    demand: definition.demand ?? 1,
    children: [],
    dataKey: definition.dataKey ?? String(definition.id),
  };
}

/** A group's figures derive from its children: capacity sums, hours and days unite, data starts first. */
export function groupLocation(definition: GroupDefinition, children: readonly Location[]): Location {
  if (children.length === 0) throw new Error(`location group ${definition.id} has no children`);
  for (const child of children) {
    if (child.timeZone !== definition.timeZone) {
      throw new Error(`location ${child.id} is not in the time zone of its parent ${definition.id}`);
    }
  }
  const first = children.reduce((earliest, child) => (child.startDay < earliest.startDay ? child : earliest));
  return {
    id: definition.id,
    name: definition.name,
    status: definition.status ?? 'active',
    parentId: definition.parentId,
    timeZone: definition.timeZone,
    capacity: children.reduce((sum, child) => sum + child.capacity, 0),
    startDate: first.startDate,
    startDay: first.startDay,
    operatingHours: {
      start: Math.min(...children.map((child) => child.operatingHours.start)),
      end: Math.max(...children.map((child) => child.operatingHours.end)),
    },
    operatingDays: parseDayCodes(children.flatMap((child) => child.operatingDays).join('')),
    activity: null,
    demand: 1,
    children: [...children].sort((a, b) => a.id - b.id),
    dataKey: definition.dataKey ?? String(definition.id),
  };
}

function buildCatalogue(): ReadonlyMap<number, Location> {
  const built = new Map<number, Location>();
  for (const leaf of BUILT_IN_LEAVES) built.set(leaf.id, leafLocation(leaf));
  const build = (group: GroupDefinition): Location => {
    const existing = built.get(group.id);
    if (existing !== undefined) return existing;
    const children = [
      ...BUILT_IN_LEAVES.filter((leaf) => leaf.parentId === group.id).map((leaf) => built.get(leaf.id)!),
      ...BUILT_IN_GROUPS.filter((child) => child.parentId === group.id).map(build),
    ].sort((a, b) => a.id - b.id);
    const location = groupLocation(group, children);
    built.set(group.id, location);
    return location;
  };
  BUILT_IN_GROUPS.forEach(build);
  return new Map([...built.entries()].sort(([a], [b]) => a - b));
}

const CATALOGUE = buildCatalogue();

/** The built-in locations, ascending by id. */
export const LOCATIONS: readonly Location[] = [...CATALOGUE.values()];

/** A built-in location; a server's own catalogue (catalogue.ts) also knows its generated ones. */
export function findLocation(id: number): Location | undefined {
  return CATALOGUE.get(id);
}

export function childrenOf(location: Location): readonly Location[] {
  return location.children;
}

/** The fields of a location record the real vendor publishes, and nothing else. */
export type VendorLocationRecord = Pick<
  LocationRecord,
  'location_id' | 'name' | 'status' | 'parent_id' | 'capacity' | 'start_date'
>;

/** A record in exactly the vendor's published shape (`--vendor-records`). */
export function toVendorRecord(location: Location): VendorLocationRecord {
  return {
    location_id: location.id,
    name: location.name,
    status: location.status,
    parent_id: location.parentId,
    capacity: location.capacity,
    start_date: location.startDate,
  };
}

/** The simulator's default record: the vendor's fields plus the time zone, operating hours and days. */
export function toLocationRecord(location: Location): LocationRecord {
  return {
    ...toVendorRecord(location),
    time_zone: location.timeZone,
    operating_hours: { ...location.operatingHours },
    operating_days: [...location.operatingDays],
  };
}
