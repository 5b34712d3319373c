/**
 * The fine-grained synthetic series: one sample every 5 minutes per leaf location, from local midnight
 * to the next, with the people present (occupancy) and the people who entered since the previous
 * sample (entries). A pure function of (location, local day, seed), cached per day.
 *
 * - Outside operating hours and days, and on public holidays for activities that close, nobody is
 *   there: 0 is data, not a gap.
 * - A few sensor outages per leaf and year (2 hours to 2 days), a sensor that drops out one afternoon
 *   every week (SILENT_AFTERNOONS), and every day before the location's start date have MISSING samples.
 * - Visits last longer around midday and at weekends, and by a seeded ±10 % a day (dwellFactor), so the
 *   dwell time of a location changes with the hour and the weekday.
 * - A leaf's `demand` scales its activity's curve: 1 for the built-in locations, from about 0.05
 *   (nearly empty) to about 1.7 (often over capacity) for `--portfolio`'s generated spaces.
 * - A group's sample is the sum of its children's. A child that has not started yet adds nothing; a
 *   child in an outage makes the group's sample MISSING (the sum is unknown).
 */
import { ACTIVITY_PROFILES, type ActivityProfile, type DayContext } from './activity-profiles';
import {
  type DayNumber,
  dayOfYear,
  HOUR_MS,
  type LocalDay,
  localDay,
  localDayAt,
  MINUTE_MS,
  offsetInDay,
} from './local-time';
import { childrenOf, type Location } from './locations';
import { LruCache } from './lru';
import { hashInts, Stream, uniformStream, unitHash } from './prng';
import { isPublicHoliday, isSouthernHemisphere } from './regional-calendar';
import { isOpenDay, isOpenHour } from './schedule';

export const SAMPLE_MINUTES = 5;
export const SAMPLE_MS = SAMPLE_MINUTES * MINUTE_MS;
export const SAMPLES_PER_HOUR = 60 / SAMPLE_MINUTES;
/** Marks a sample the sensor did not deliver. */
export const MISSING = -1;

export interface DaySamples {
  day: LocalDay;
  /** People present at each sample (sample i starts at `day.startMs + i * SAMPLE_MS`), or MISSING. */
  occupancy: Int16Array;
  /** People who entered during each sample, or MISSING where occupancy is. */
  entries: Int16Array;
  /** False before the location's start date: a group leaves such a child out of its sums. */
  started: boolean;
}

/** The most people the model ever puts in a space: about 10 % over capacity, at least one person. */
export function maxOccupancy(capacity: number): number {
  return Math.max(capacity + 1, Math.floor(capacity * 1.1));
}

const dayCache = new LruCache<string, DaySamples>(8_192);

export function daySamples(location: Location, dayNumber: DayNumber, seed: number): DaySamples {
  return dayCache.getOrCreate(`${seed}|${location.dataKey}|${dayNumber}`, () =>
    location.activity === null
      ? sumOfChildren(location, dayNumber, seed)
      : generateLeafDay(location, ACTIVITY_PROFILES[location.activity], dayNumber, seed),
  );
}

export interface SampleReading {
  /** Start of the 5-minute sample containing the instant. */
  startMs: number;
  offsetMinutes: number;
  /** People present, or null when the sample is missing. */
  occupancy: number | null;
}

/** The sample containing the instant. */
export function sampleAt(location: Location, epochMs: number, seed: number): SampleReading {
  const day = localDayAt(location.timeZone, epochMs);
  const index = Math.floor((epochMs - day.startMs) / SAMPLE_MS);
  const startMs = day.startMs + index * SAMPLE_MS;
  const occupancy = daySamples(location, day.dayNumber, seed).occupancy[index] ?? MISSING;
  return { startMs, offsetMinutes: offsetInDay(day, startMs), occupancy: occupancy === MISSING ? null : occupancy };
}

function missingDay(day: LocalDay, started: boolean): DaySamples {
  const count = sampleCount(day);
  return {
    day,
    occupancy: new Int16Array(count).fill(MISSING),
    entries: new Int16Array(count).fill(MISSING),
    started,
  };
}

function sampleCount(day: LocalDay): number {
  return day.hours.length * SAMPLES_PER_HOUR;
}

// ---------------------------------------------------------------------------------------------------
// Leaves

function generateLeafDay(location: Location, profile: ActivityProfile, dayNumber: DayNumber, seed: number): DaySamples {
  const day = localDay(location.timeZone, dayNumber);
  if (dayNumber < location.startDay) return missingDay(day, false);

  const occupancy = occupancyCurve(location, profile, day, seed);
  const dayLevel = unitHash(seed, location.id, dayNumber, Stream.dwellLevel);
  const meanDwell = day.hours.map(
    (hour) => profile.meanDwellMinutes * dwellFactor(day.weekday, hour.wallHour, dayLevel),
  );
  const entries = entriesFor(
    occupancy,
    (index) => meanDwell[Math.floor(index / SAMPLES_PER_HOUR)] ?? profile.meanDwellMinutes,
    uniformStream(seed, location.id, dayNumber, Stream.turnover),
  );
  for (const outage of outagesTouching(location, day, seed)) {
    const first = Math.max(0, Math.ceil((outage.startMs - day.startMs) / SAMPLE_MS));
    const end = Math.min(occupancy.length, Math.ceil((outage.endMs - day.startMs) / SAMPLE_MS));
    occupancy.fill(MISSING, first, Math.max(first, end));
    entries.fill(MISSING, first, Math.max(first, end));
  }
  const silent = SILENT_AFTERNOONS.find((s) => s.locationId === location.id && s.weekday === day.weekday);
  if (silent) {
    day.hours.forEach((hour, hourIndex) => {
      if (hour.wallHour < silent.fromHour || hour.wallHour >= silent.toHour) return;
      const first = hourIndex * SAMPLES_PER_HOUR;
      occupancy.fill(MISSING, first, first + SAMPLES_PER_HOUR);
      entries.fill(MISSING, first, first + SAMPLES_PER_HOUR);
    });
  }
  return { day, occupancy, entries, started: true };
}

function occupancyCurve(location: Location, profile: ActivityProfile, day: LocalDay, seed: number): Int16Array {
  const occupancy = new Int16Array(sampleCount(day));
  if (!isOpenDay(location, day)) return occupancy;

  const context = dayContext(location, profile, day, seed);
  const curve = profile.dayCurve(context);
  const ceiling = maxOccupancy(location.capacity);
  const noise = sampleNoise(profile.sampleNoise, uniformStream(seed, location.id, day.dayNumber, Stream.sampleNoise));
  day.hours.forEach((hour, hourIndex) => {
    if (!isOpenHour(location, hour.wallHour)) return;
    for (let step = 0; step < SAMPLES_PER_HOUR; step++) {
      const index = hourIndex * SAMPLES_PER_HOUR + step;
      // `demand` is 1 for the built-in locations, so their samples are exactly as without it.
      const share = curve(hour.wallHour * 60 + step * SAMPLE_MINUTES) * location.demand;
      const expected = share * location.capacity * noise(index);
      occupancy[index] = Math.min(ceiling, Math.max(0, Math.round(expected)));
    }
  });
  return occupancy;
}

/** Multipliers around 1, triangular with the given half-width, one per sample. */
function sampleNoise(spread: number, draw: (index: number) => number): (index: number) => number {
  if (spread === 0) return () => 1;
  return (index) => 1 + spread * (draw(2 * index) + draw(2 * index + 1) - 1);
}

function dayContext(location: Location, profile: ActivityProfile, day: LocalDay, seed: number): DayContext {
  return {
    weekday: day.weekday,
    isPublicHoliday: isPublicHoliday(location.timeZone, day.dayNumber),
    operatingHours: location.operatingHours,
    capacity: location.capacity,
    season: seasonalFactor(profile, location.timeZone, day.dayNumber),
    draw: (stream, index = 0) => unitHash(seed, location.id, day.dayNumber, stream, index),
  };
}

function seasonalFactor(profile: ActivityProfile, zone: string, dayNumber: DayNumber): number {
  const { amplitude, peakDayOfYear } = profile.seasonality;
  const peak = isSouthernHemisphere(zone) ? peakDayOfYear + 182 : peakDayOfYear;
  return 1 + amplitude * Math.cos((2 * Math.PI * (dayOfYear(dayNumber) - peak)) / 365.25);
}

/**
 * Sensors that go silent one afternoon a week, from `fromHour` to `toHour` (local wall hours, end exclusive), so
 * that any 7 days hold one: the Innovation Lab's on Tuesdays (weekday code 3), 13:00 to 18:00.
 */
export const SILENT_AFTERNOONS: readonly { locationId: number; weekday: number; fromHour: number; toHour: number }[] = [
  { locationId: 32, weekday: 3, fromHour: 13, toHour: 18 },
];

/** Visit length by the weekday (code 1 = Sunday … 7 = Saturday): longer at weekends, shortest on Mondays. */
const WEEKDAY_DWELL = [1.15, 0.9, 0.96, 1, 1.04, 0.95, 1.12] as const;

/**
 * How a visit's mean length departs from the activity's: by the hour (up to 20 % longer around 13:00, shorter early
 * and late), by the weekday, and by the day's own level, `dayLevel` ∈ [0, 1) drawn per day (±10 %).
 */
export function dwellFactor(weekday: number, wallHour: number, dayLevel: number): number {
  const hourly = 1 + 0.2 * Math.cos((2 * Math.PI * (wallHour - 13)) / 24);
  return hourly * (WEEKDAY_DWELL[weekday - 1] ?? 1) * (0.9 + 0.2 * dayLevel);
}

/**
 * Entries per sample: everyone who arrived (the rise in occupancy) plus turnover, the people replacing
 * those who left, occupancy × 5 min / the sample's mean dwell, rounded up or down at random. So person-minutes /
 * entries stays close to the mean dwell time (Little's law).
 */
function entriesFor(
  occupancy: Int16Array,
  meanDwellMinutes: (index: number) => number,
  draw: (index: number) => number,
): Int16Array {
  const entries = new Int16Array(occupancy.length);
  for (let index = 0; index < occupancy.length; index++) {
    const present = occupancy[index] ?? 0;
    const previous = index === 0 ? present : (occupancy[index - 1] ?? 0);
    const arrivals = Math.max(0, present - previous);
    const turnover = Math.floor((present * SAMPLE_MINUTES) / meanDwellMinutes(index) + draw(index));
    entries[index] = arrivals + turnover;
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------------
// Sensor outages

export interface Outage {
  startMs: number;
  endMs: number;
}

/**
 * The sensor outages of a leaf location that start in a (UTC) calendar year: 2 to 4 of them, each from
 * 2 hours to 2 days long, on the 5-minute grid.
 */
export function sensorOutages(locationId: number, year: number, seed: number): Outage[] {
  const yearStartMs = Date.UTC(year, 0, 1);
  const samplesInYear = (Date.UTC(year + 1, 0, 1) - yearStartMs) / SAMPLE_MS;
  const count = 2 + (hashInts(seed, locationId, year, Stream.outageCount) % 3);
  const outages: Outage[] = [];
  for (let index = 0; index < count; index++) {
    const startMs =
      yearStartMs + Math.floor(unitHash(seed, locationId, year, Stream.outageStart, index) * samplesInYear) * SAMPLE_MS;
    const lengthDraw = unitHash(seed, locationId, year, Stream.outageLength, index);
    const lengthMs = Math.round((2 * HOUR_MS + lengthDraw * lengthDraw * 46 * HOUR_MS) / SAMPLE_MS) * SAMPLE_MS;
    outages.push({ startMs, endMs: startMs + lengthMs });
  }
  return outages.sort((a, b) => a.startMs - b.startMs);
}

function outagesTouching(location: Location, day: LocalDay, seed: number): Outage[] {
  const firstYear = new Date(day.startMs).getUTCFullYear() - 1;
  const lastYear = new Date(day.endMs).getUTCFullYear();
  const touching: Outage[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const outage of sensorOutages(location.id, year, seed)) {
      if (outage.startMs < day.endMs && outage.endMs > day.startMs) touching.push(outage);
    }
  }
  return touching;
}

// ---------------------------------------------------------------------------------------------------
// Groups

function sumOfChildren(location: Location, dayNumber: DayNumber, seed: number): DaySamples {
  const day = localDay(location.timeZone, dayNumber);
  const started = childrenOf(location)
    .map((child) => daySamples(child, dayNumber, seed))
    .filter((child) => child.started);
  if (started.length === 0) return missingDay(day, false);

  const count = sampleCount(day);
  const occupancy = new Int16Array(count);
  const entries = new Int16Array(count);
  for (let index = 0; index < count; index++) {
    let people = 0;
    let entered = 0;
    for (const child of started) {
      const childPeople = child.occupancy[index] ?? MISSING;
      if (childPeople === MISSING) {
        people = MISSING;
        break;
      }
      people += childPeople;
      entered += child.entries[index] ?? 0;
    }
    occupancy[index] = people;
    entries[index] = people === MISSING ? MISSING : entered;
  }
  return { day, occupancy, entries, started: true };
}
