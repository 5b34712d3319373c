/**
 * When a location's UTC offset changed, for a server that names no zone: all it shows is the offset of each instant it
 * writes (a window's bounds, a day's bounds), so a change is known to lie after the last instant seen on the old
 * offset and at or before the first seen on the new one. `placeOffsetChange` puts it in that stretch by one rule,
 * used by the probed day's clock (lib/time.ts) and by the clock read from windows (lib/day-offsets.ts) alike.
 *
 * Also here: an IANA zone's offset at an instant, from the browser's own time zone data (date-fns-tz's
 * `getTimezoneOffset` reads the hours before a change on the new offset, so it is not used for this).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time-spans';

/** An offset change seen from either side. */
export interface OffsetStretch {
  /** The last instant seen on the old offset. */
  lastOldMs: number;
  /** The first instant seen on the new offset, after it. */
  firstNewMs: number;
  /** The offsets, minutes east of UTC. */
  from: number;
  to: number;
}

/**
 * The instant the offset changed, in (lastOldMs, firstNewMs]:
 * 1. `firstNewMs` when the two are at most an hour apart (a window across the change, or two adjacent windows): an
 *    hourly window of the day starts on the same side of it as of any instant between them;
 * 2. else the instant at which most of the time zone database's zones that were on `from` at `lastOldMs` and on `to`
 *    at `firstNewMs` changed (to the minute; the earliest of equally many): in New York, Berlin and Sydney that is
 *    the zone's own rule, every one of its neighbours sharing it;
 * 3. else (no such zone, or no list of zones in this browser) the first 02:00 on the old offset's wall clock in the
 *    stretch, or `firstNewMs` when the stretch holds none.
 * In 2 and 3 no window was seen in between: the rule decides which unobserved wall hour is labelled skipped or
 * repeated, not how many real hours the stretch had.
 */
export function placeOffsetChange(stretch: OffsetStretch): number {
  const { lastOldMs, firstNewMs, from } = stretch;
  if (firstNewMs - lastOldMs <= HOUR_MS) return firstNewMs;
  const key = `${lastOldMs} ${firstNewMs} ${from} ${stretch.to}`;
  let placed = placedKept.get(key);
  if (placed === undefined) {
    placed = agreedChange(stretch) ?? twoOnTheOldClock(stretch);
    if (placedKept.size >= KEPT) placedKept.clear();
    placedKept.set(key, placed);
  }
  return placed;
}

/** Stretches placed, kept: a portfolio asks for the same few again for every row of a zone. */
const KEPT = 2_000;
const placedKept = new Map<string, number>();

function twoOnTheOldClock({ lastOldMs, firstNewMs, from }: OffsetStretch): number {
  const wall = lastOldMs + from * MINUTE_MS;
  let two = Math.floor(wall / DAY_MS) * DAY_MS + 2 * HOUR_MS;
  if (two <= wall) two += DAY_MS;
  const at = two - from * MINUTE_MS;
  return at <= firstNewMs ? at : firstNewMs;
}

function agreedChange({ lastOldMs, firstNewMs, from, to }: OffsetStretch): number | null {
  const votes = new Map<number, number>();
  for (const zone of timeZones()) {
    if (zoneOffsetMinutes(zone, firstNewMs) !== to || zoneOffsetMinutes(zone, lastOldMs) !== from) continue;
    const at = firstMinuteOn(zone, to, lastOldMs, firstNewMs);
    votes.set(at, (votes.get(at) ?? 0) + 1);
  }
  let best: number | null = null;
  let most = 0;
  for (const [at, count] of votes) {
    if (count > most || (count === most && best !== null && at < best)) [best, most] = [at, count];
  }
  return best;
}

function firstMinuteOn(zone: string, offset: number, afterMs: number, atMs: number): number {
  return firstMinuteWhen(afterMs, atMs, (ms) => zoneOffsetMinutes(zone, ms) === offset);
}

/**
 * The first instant, in whole minutes after `afterMs` (or `atMs` itself), from which `holds` is true, given that it is
 * false at `afterMs`, true at `atMs` and turns true once in between.
 */
export function firstMinuteWhen(afterMs: number, atMs: number, holds: (instantMs: number) => boolean): number {
  let low = 0;
  let high = Math.ceil((atMs - afterMs) / MINUTE_MS);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (holds(afterMs + middle * MINUTE_MS)) high = middle;
    else low = middle;
  }
  return Math.min(afterMs + high * MINUTE_MS, atMs);
}

let zonesKept: readonly string[] | undefined;

/** The browser's IANA zones, or none where it cannot list them. */
function timeZones(): readonly string[] {
  if (zonesKept === undefined) {
    const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
    try {
      zonesKept = intl.supportedValuesOf?.('timeZone') ?? [];
    } catch {
      zonesKept = [];
    }
  }
  return zonesKept;
}

// ---------------------------------------------------------------------------------------------------
// An IANA zone's offset at an instant

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of `timeZone` at `instantMs`, to the minute, from Intl's wall clock of that instant. */
export function zoneOffsetMinutes(timeZone: string, instantMs: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const field: Record<string, number> = {};
  for (const part of format.formatToParts(instantMs)) field[part.type] = Number(part.value);
  const wall = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
  const second = Math.floor(instantMs / 1000) * 1000;
  return Math.round((wall - second) / MINUTE_MS);
}
