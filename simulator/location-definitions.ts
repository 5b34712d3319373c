/** How a location is defined (the built-in ones, built-in-locations.ts; the generated ones, portfolio.ts) before locations.ts builds it. */
export type ActivityKind = 'transit' | 'office' | 'meeting-room' | 'cafe' | 'library' | 'lab' | 'event-hall';

export type LocationStatus = 'active' | 'inactive' | 'setup' | 'review' | 'calibration';

/** Inclusive hours: `{ start: 7, end: 19 }` is open from 07:00 to 19:59 local time. */
export interface HourRange {
  start: number;
  end: number;
}

export interface LeafDefinition {
  id: number;
  name: string;
  status?: LocationStatus;
  parentId: number | null;
  timeZone: string;
  activity: ActivityKind;
  capacity: number;
  startDate: string;
  operatingHours: HourRange;
  /** Day codes as the API writes them, e.g. '23456' for Monday to Friday. */
  operatingDays: string;
  /** 1 unless given. */
  demand?: number;
  /** The id unless given. */
  dataKey?: string;
}

export interface GroupDefinition {
  id: number;
  name: string;
  status?: LocationStatus;
  parentId: number | null;
  timeZone: string;
  /** The id unless given. */
  dataKey?: string;
}
