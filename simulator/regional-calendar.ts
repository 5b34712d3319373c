/**
 * Regional facts per time zone: public holidays (closure days for most activities) and hemisphere
 * (which flips the seasons). A few fixed dates per year plus US Thanksgiving, enough to make closures
 * visible in the data; not a complete holiday calendar.
 */
import { civilDate, type DayNumber, dayNumberFromParts, weekdayCode } from './local-time';

/** Month-day pairs, `MM-DD`. The last five zones are those of `--portfolio`'s generated campuses only. */
const FIXED_HOLIDAYS: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['01-01', '07-04', '12-25'],
  'Europe/Berlin': ['01-01', '05-01', '10-03', '12-25', '12-26'],
  'Australia/Sydney': ['01-01', '01-26', '04-25', '12-25', '12-26'],
  'Asia/Tokyo': ['01-01', '01-02', '01-03', '05-03', '05-04', '05-05', '11-03'],
  'America/Los_Angeles': ['01-01', '07-04', '12-25'],
  'America/Sao_Paulo': ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'],
  'Europe/London': ['01-01', '12-25', '12-26'],
  'Asia/Singapore': ['01-01', '05-01', '08-09', '12-25'],
  'Asia/Kolkata': ['01-26', '05-01', '08-15', '10-02', '12-25'],
};

/** Zones with US Thanksgiving. */
const THANKSGIVING_ZONES: ReadonlySet<string> = new Set(['America/New_York', 'America/Los_Angeles']);

const SOUTHERN_HEMISPHERE_ZONES: ReadonlySet<string> = new Set(['Australia/Sydney', 'America/Sao_Paulo']);

export function isPublicHoliday(zone: string, dayNumber: DayNumber): boolean {
  const { year, month, day } = civilDate(dayNumber);
  const monthDay = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (FIXED_HOLIDAYS[zone]?.includes(monthDay)) return true;
  return THANKSGIVING_ZONES.has(zone) && dayNumber === thanksgiving(year);
}

/** The fourth Thursday of November. */
function thanksgiving(year: number): DayNumber {
  const firstOfNovember = dayNumberFromParts(year, 11, 1);
  const THURSDAY = 5;
  const daysToThursday = (THURSDAY - weekdayCode(firstOfNovember) + 7) % 7;
  return firstOfNovember + daysToThursday + 21;
}

export function isSouthernHemisphere(zone: string): boolean {
  return SOUTHERN_HEMISPHERE_ZONES.has(zone);
}
