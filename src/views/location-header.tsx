/**
 * The location's name and capacity (from the metric response, as the spec gives them), its clock, and the
 * caveats a reader must see: a status other than active, data before its first day.
 */
import './location-header.css';
import { t } from '@lingui/core/macro';

import type { LocationRecord, MetricResponse } from '../api/schemas';
import { formatCount } from '../lib/format';
import { zoneLabel } from '../lib/time';
import type { LocationClock } from '../locations/location-zone';
import type { LocationNavigation } from './location-view-props';

export interface LocationHeaderProps {
  locationId: number;
  record: LocationRecord | undefined;
  firstPage: MetricResponse | undefined;
  clock: LocationClock;
  /** Now, for the offset a clock read from the server is on (it changes with DST). */
  nowMs?: number;
  /** The first day asked for, once known. */
  rangeStart: string | null;
  /** The way back above the name; the views beside it. */
  navigation: Pick<LocationNavigation, 'back' | 'tabs'>;
}

export function LocationHeader(props: LocationHeaderProps) {
  const { locationId, record, firstPage, clock, nowMs, rangeStart, navigation } = props;
  const name = firstPage?.name ?? record?.name ?? locationName(locationId);
  const capacity = firstPage?.capacity ?? record?.capacity;
  const caveats: string[] = [];
  if (record && record.status !== 'active') {
    const status = record.status;
    caveats.push(t`This location’s status is “${status}”: its figures may not be reliable yet.`);
  }
  if (record?.start_date && rangeStart !== null && rangeStart < record.start_date) {
    const start = record.start_date;
    caveats.push(t`Data starts on ${start}; the range begins before that, so earlier days are empty.`);
  }
  return (
    <header className="location-header">
      <div className="location-title">
        {navigation.back}
        <h1>{name}</h1>
        {/* The one place a location page names its zone: every date and time on it is on this clock. */}
        <p className="facts">
          {capacity !== undefined && <span>{capacityWords(capacity)}</span>}
          <span>{describeClock(clock, nowMs)}</span>
        </p>
      </div>
      {navigation.tabs}
      {caveats.map((caveat) => (
        <p key={caveat} className="caveat" role="note">
          {caveat}
        </p>
      ))}
    </header>
  );
}

/** Which clock the times are on, and how we know it. */
function describeClock(clock: LocationClock, nowMs: number | undefined): string {
  if (clock.status !== 'ready') return t`Times in the location’s local time`;
  const label = zoneLabel(clock.zone, nowMs);
  switch (clock.source) {
    case 'config':
      return t`Times in ${label} (time zone from the configuration)`;
    case 'server':
      return t`Times in ${label} (the location’s time zone)`;
    case 'probe':
      return t`Times in the location’s local time, now ${label} (from the server’s timestamps; no time zone name is known)`;
  }
}

/** `Capacity 1,424`. */
function capacityWords(capacity: number): string {
  const places = formatCount(capacity);
  return t`Capacity ${places}`;
}

/** What a location is called before its name is known: `Location 12`. */
export function locationName(locationId: number): string {
  return t`Location ${locationId}`;
}
