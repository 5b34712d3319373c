/**
 * THE place where numbers, shares, dates and weekday names become text on screen: table cells, chart axes and
 * tooltips, figures, headers and notices all go through here. The interface speaks English, so everything
 * formats as `en-US` whatever the browser's language (`1,540`, `20.0 %`, `Mon`), until a translation exists.
 * Native date inputs are the browser's; CSV files keep machine-readable values (src/export).
 *
 * Windows and shares read from the API strings' own wall clock, never the browser's zone (see time.ts).
 */
import { formatOffset, formatWall, parseLocalDateTime, type LocalDateTime } from './time';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time-spans';

/** The one locale of the interface. */
export const UI_LOCALE = 'en-US';

const integerFormat = new Intl.NumberFormat(UI_LOCALE, { maximumFractionDigits: 0 });
const oneDecimalFormat = new Intl.NumberFormat(UI_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimalFormat = new Intl.NumberFormat(UI_LOCALE, { maximumFractionDigits: 1 });

/**
 * A count or measure: `1,540`, `70,115`; a fraction keeps one decimal at most (`12.5`). Axis ticks, table
 * cells, tooltips and figures all use it, so the table's `70,115` and the axis's `70,000` group the same way.
 */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? integerFormat.format(value) : upToOneDecimalFormat.format(value);
}

/** What one window of each interval is called on screen, singular and plural. */
const INTERVAL_NOUNS: Record<string, readonly [string, string]> = {
  '15min': ['quarter-hour', 'quarter-hours'],
  '30min': ['half-hour', 'half-hours'],
  '60min': ['hour', 'hours'],
  hourly: ['hour', 'hours'],
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};

/**
 * How many windows of an interval, in words people use: `96 quarter-hours`, `1 day`, `2,016 hours` (a "window" is
 * the API's word). An interval this does not know reads as periods.
 */
export function formatIntervalCount(count: number, interval: string): string {
  const [one, many] = INTERVAL_NOUNS[interval] ?? ['period', 'periods'];
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A whole count, rounded: `1,540`. */
export function formatCount(value: number): string {
  return integerFormat.format(Math.round(value));
}

/** A fraction as a percentage with one decimal: 0.4567 → 45.7. */
export function percentValue(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/**
 * The one rule for shares: one decimal, a space, `%`: 0.2 → `20.0 %`, 0.277 → `27.7 %`, 1.25 → `125.0 %`.
 */
export function percent(fraction: number): string {
  return percentOf(percentValue(fraction));
}

/** A value already in percent (an axis tick, a band edge), by the same rule: 20 → `20.0 %`, 12.5 → `12.5 %`. */
export function percentOf(value: number): string {
  return `${oneDecimalFormat.format(value)} %`;
}

/**
 * An axis tick in percent: no decimal a whole tick does not need (`0 %`, `50 %`), one where it does (`12.5 %`).
 * Values are shown by `percent`'s one rule; a tick only marks a place on the scale.
 */
export function percentTick(value: number): string {
  return `${upToOneDecimalFormat.format(value)} %`;
}

/** A measure shown with exactly one decimal (minutes, percentage points): 1234.56 → `1,234.6`. */
export function formatDecimal(value: number): string {
  return oneDecimalFormat.format(value);
}

// 2026-01-04 is a Sunday (day code 1, the API's 1 = Sunday … 7 = Saturday).
const weekdayFormats = {
  short: new Intl.DateTimeFormat(UI_LOCALE, { weekday: 'short', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat(UI_LOCALE, { weekday: 'long', timeZone: 'UTC' }),
};

/** The English name of an API day code (1 = Sunday … 7 = Saturday): `Mon`, or `Monday` when long. */
export function weekdayName(code: number, width: 'short' | 'long' = 'short'): string {
  return weekdayFormats[width].format(Date.UTC(2026, 0, 3 + code));
}

/** An hour of the day as a time, 0–24 (24: the midnight that ends the day): 7 → `07:00`, 24 → `24:00`. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A daily axis tick at wall-clock ms: `Mon 16 Nov`. */
export function dayTick(wallMs: number): string {
  return formatWall(wallMs, 'EEE d MMM');
}

/** An hourly axis tick: `07:00` inside a day, `Mon 16 Nov` at midnight. */
export function hourTick(wallMs: number): string {
  return wallMs % DAY_MS === 0 ? dayTick(wallMs) : formatWall(wallMs, 'HH:mm');
}

/** A monthly axis tick: `Nov 2026`. */
export function monthTick(wallMs: number): string {
  return formatWall(wallMs, 'MMM yyyy');
}

/**
 * `Wed 18 Nov 2026 07:00–08:00` or `Mon 16 Nov 2026 – Sun 22 Nov 2026`, from the strings' own wall clock.
 * `withOffset` adds the UTC offset, which tells apart two windows of the repeated hour of a DST fall-back.
 */
export function windowLabel(start: string, end: string, interval: string, withOffset = false): string {
  const from = parseLocalDateTime(start);
  const to = parseLocalDateTime(end);
  if (interval === 'daily') return `${formatWall(from.wallMs, 'EEE d MMM yyyy')}${dstNote(from, to)}`;
  if (interval === 'weekly' || interval === 'monthly') {
    return `${formatWall(from.wallMs, 'EEE d MMM yyyy')} – ${formatWall(to.wallMs - 1, 'EEE d MMM yyyy')}`;
  }
  const times = `${formatWall(from.wallMs, 'EEE d MMM yyyy HH:mm')}–${formatWall(to.wallMs, 'HH:mm')}`;
  return `${times}${offsetNote(from, to, withOffset)}`;
}

/** A daily window of 23 or 25 hours says so. */
function dstNote(from: LocalDateTime, to: LocalDateTime): string {
  const hours = Math.round((to.instantMs - from.instantMs) / HOUR_MS);
  return hours === 24 ? '' : ` (${hours} h)`;
}

/** A window across a DST change shows both offsets; one in the repeated hour shows its own when asked. */
function offsetNote(from: LocalDateTime, to: LocalDateTime, withOffset: boolean): string {
  if (from.offsetMinutes !== to.offsetMinutes) {
    return ` (${formatOffset(from.offsetMinutes)} → ${formatOffset(to.offsetMinutes)})`;
  }
  return withOffset ? ` (${formatOffset(from.offsetMinutes)})` : '';
}

/** How long ago a reading was taken, in the largest whole unit: `just now`, `2 min ago`, `3 h ago`, `2 days ago`. */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(Math.max(0, ageMs) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${formatCount(minutes)} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${formatCount(hours)} h ago`;
  return `${formatCount(Math.floor(hours / 24))} days ago`;
}

/** A change of a share, in percentage points with its sign: 0.032 → `+3.2 points`, −0.5 → `−50.0 points`. */
export function formatPoints(delta: number): string {
  const points = percentValue(delta);
  const sign = points > 0 ? '+' : points < 0 ? '−' : '±';
  return `${sign}${formatDecimal(Math.abs(points))} points`;
}

/** `text` with its first letter in lower case, for a name set inside a sentence ("vs previous period, to …"). */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
