/** Filters in words: hours, days and the week's order as the page says them. */
import { t } from '@lingui/core/macro';

import { formatHour, weekdayName } from '../lib/format';
import { weekLocale } from '../lib/language';
import { ALL_DAYS } from './filter-rules';

/** The end of an inclusive end hour: 19 → `20:00`, 23 (or the echo 24) → `24:00`. */
export function formatEndHour(endHour: number): string {
  return formatHour(Math.min(endHour + 1, 24));
}

/** An applied hour range, end inclusive: {7, 19} → `07:00–20:00`; {0, 23} → `00:00–24:00`. */
export function describeHours(range: { start: number; end: number }): string {
  const end = range.end >= 24 ? formatHour(24) : formatEndHour(range.end);
  return `${formatHour(range.start)}–${end}`;
}

/**
 * [2,3,4,5,6] → `Mon–Fri`; [1,7] → `Sat, Sun` (a Monday-first week) or `Sun, Sat` (en-US). The names are the
 * language's (lib/format.ts); `locale` orders the week. All seven → `every day`.
 */
export function describeDays(days: readonly number[], locale?: string): string {
  const chosen = new Set(days);
  if (ALL_DAYS.every((day) => chosen.has(day))) return t`every day`;
  if (chosen.size === 0) return t`no days`;
  return consecutiveRuns(weekdayOrder(locale ?? weekLocale()), chosen)
    .map((run) => describeRun(run))
    .join(', ');
}

/** The chosen days of `order` grouped into runs of neighbours: [2,3,4,7] → [[2,3,4],[7]]. */
function consecutiveRuns(order: readonly number[], chosen: ReadonlySet<number>): number[][] {
  const runs: number[][] = [];
  let previousChosen = false;
  for (const day of order) {
    const isChosen = chosen.has(day);
    if (isChosen && previousChosen) runs[runs.length - 1]!.push(day);
    else if (isChosen) runs.push([day]);
    previousChosen = isChosen;
  }
  return runs;
}

function describeRun(run: readonly number[]): string {
  const names = run.map((day) => weekdayName(day));
  return names.length > 2 ? `${names[0]}–${names[names.length - 1]}` : names.join(', ');
}

/** Day codes in the week order of `locale`: en-US [1,2,…,7]; en-GB, de-DE [2,…,7,1]. */
export function weekdayOrder(locale: string): number[] {
  const first = firstDayOfWeek(locale);
  return ALL_DAYS.map((_, index) => ((first - 1 + index) % 7) + 1);
}

const SUNDAY = 1;
const MONDAY = 2;
const SATURDAY = 7;

/** CLDR week data for the regions whose week does not start on Monday, for engines without weekInfo. */
const SUNDAY_FIRST_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
const SATURDAY_FIRST_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

function firstDayOfWeek(locale: string): number {
  let intlLocale: LocaleWithWeekInfo;
  try {
    intlLocale = new Intl.Locale(locale);
  } catch {
    return MONDAY;
  }
  const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
  // Intl counts ISO days, 1 = Monday … 7 = Sunday; the API counts 1 = Sunday … 7 = Saturday.
  if (info) return (info.firstDay % 7) + 1;
  const region = intlLocale.maximize().region ?? '';
  if (SUNDAY_FIRST_REGIONS.has(region)) return SUNDAY;
  if (SATURDAY_FIRST_REGIONS.has(region)) return SATURDAY;
  return MONDAY;
}
