/**
 * The location's name and capacity (from the metric response, as the spec gives them), its clock, and the
 * caveats a reader must see: a status other than active, data before its first day.
 */
import type { LocationRecord, MetricResponse } from '../api/schemas';
import { zoneLabel, type LocationZone } from '../lib/time';

export interface LocationHeaderProps {
  locationId: number;
  record: LocationRecord | undefined;
  firstPage: MetricResponse | undefined;
  zone: LocationZone;
  zoneKnown: boolean;
  rangeStart: string;
}

export function LocationHeader({ locationId, record, firstPage, zone, zoneKnown, rangeStart }: LocationHeaderProps) {
  const name = firstPage?.name ?? record?.name ?? `Location ${locationId}`;
  const capacity = firstPage?.capacity ?? record?.capacity;
  const caveats: string[] = [];
  if (record && record.status !== 'active') {
    caveats.push(`This location’s status is “${record.status}”: its figures may not be reliable yet.`);
  }
  if (record?.start_date && rangeStart < record.start_date) {
    caveats.push(`Data starts on ${record.start_date}; the range begins before that, so earlier days are empty.`);
  }
  return (
    <header className="location-header">
      <h1>{name}</h1>
      <p className="facts">
        {capacity !== undefined && <span>Capacity {capacity.toLocaleString()}</span>}
        <span>
          Times in {zoneKnown ? zoneLabel(zone) : 'the location’s local time'}
          {zone.kind === 'offset' && zoneKnown && ' (offset from the data; no zone name)'}
        </span>
        <span>id {locationId}</span>
      </p>
      {caveats.map((caveat) => (
        <p key={caveat} className="caveat" role="note">
          {caveat}
        </p>
      ))}
    </header>
  );
}
