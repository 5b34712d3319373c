/**
 * Regional facts per time zone: public holidays (closure days for most activities) and hemisphere
 * (which flips the seasons). A few fixed dates per year plus US Thanksgiving, enough to make closures
 * visible in the data; not a complete holiday calendar.
 */
import { civilDate, type DayNumber, dayNumberFromParts, weekdayCode } from './local-time';

/** Month-day pairs, `MM-DD`. */
const FIXED_HOLIDAYS: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['01-01', '07-04', '12-25'],
  'Europe/Berlin': ['01-01', '05-01', '10-03', '12-25', '12-26'],
  'Australia/Sydney': ['01-01', '01-26', '04-25', '12-25', '12-26'],
  'Asia/Tokyo': ['01-01', '01-02', '01-03', '05-03', '05-04', '05-05', '11-03'],
};

const SOUTHERN_HEMISPHERE_ZONES: ReadonlySet<string> = new Set(['Australia/Sydney']);

export function isPublicHoliday(zone: string, dayNumber: DayNumber): boolean {
  const { year, month, day } = civilDate(dayNumber);
  const monthDay = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (FIXED_HOLIDAYS[zone]?.includes(monthDay)) return true;
  return zone === 'America/New_York' && dayNumber === thanksgiving(year);
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
