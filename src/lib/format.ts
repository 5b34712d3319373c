/**
 * THE place where numbers, shares, dates and weekday names become text on screen: table cells, chart axes and
 * tooltips, figures, headers and notices all go through here, in the language in force (lib/i18n.ts) through `Intl`.
 * English keeps the formats it always had (`1,540`, `20.0 %`, `Mon 16 Nov`); German and Japanese read as their
 * readers write (`1.540`, `20,0 %`, `Mo., 16. Nov.`; `1,540`, `20.0%`, `11月16日(月)`), at the same precision.
 * Native date inputs are the browser's; CSV files keep machine-readable values whatever the language (src/export).
 *
 * Windows and shares read from the API strings' own wall clock, never the browser's zone (see time.ts).
 */
import { plural, t } from '@lingui/core/macro';

import { activeLanguage, intlLocale } from './i18n';
import { formatOffset, formatWall, parseLocalDateTime, type LocalDateTime } from './time';
import { DAY_MS, MINUTE_MS, HOUR_MS } from './time-spans';
import { weekdayOf } from './wall-format';

interface NumberFormats {
  integer: Intl.NumberFormat;
  oneDecimal: Intl.NumberFormat;
  upToOneDecimal: Intl.NumberFormat;
  /** Shares, where the language writes its own sign (German `25,1 %`, Japanese `25.1%`). */
  percent?: { oneDecimal: Intl.NumberFormat; upToOneDecimal: Intl.NumberFormat };
}

const numberFormats = new Map<string, NumberFormats>();

/** The number formats of the language in force, made once per language. */
function formats(): NumberFormats {
  const locale = intlLocale();
  let found = numberFormats.get(locale);
  if (found === undefined) {
    const format = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
    found = {
      integer: format({ maximumFractionDigits: 0 }),
      oneDecimal: format({ minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      upToOneDecimal: format({ maximumFractionDigits: 1 }),
      // English keeps its `20.0 %`, a space before the sign.
      percent:
        activeLanguage() === 'en'
          ? undefined
          : {
              oneDecimal: format({ style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              upToOneDecimal: format({ style: 'percent', maximumFractionDigits: 1 }),
            },
    };
    numberFormats.set(locale, found);
  }
  return found;
}

/**
 * Makes the language's number formats and loads its plural rules now (lib/intl-data.ts says why): the first
 * formatter of a language loads its data, and the formats here are made once per language.
 */
export function loadNumberFormats(): void {
  formats();
  new Intl.PluralRules(intlLocale()).select(1);
}

/**
 * A count or measure: `1,540`, `70,115`; a fraction keeps one decimal at most (`12.5`). Axis ticks, table
 * cells, tooltips and figures all use it, so the table's `70,115` and the axis's `70,000` group the same way.
 */
export function formatNumber(value: number): string {
  const { integer, upToOneDecimal } = formats();
  return Number.isInteger(value) ? integer.format(value) : upToOneDecimal.format(value);
}

/**
 * How many windows of an interval, in words people use: `96 quarter-hours`, `1 day`, `2,016 hours` (a "window" is
 * the API's word). An interval this does not know reads as periods.
 */
export function formatIntervalCount(count: number, interval: string): string {
  switch (interval) {
    case '15min':
      return plural(count, { one: '# quarter-hour', other: '# quarter-hours' });
    case '30min':
      return plural(count, { one: '# half-hour', other: '# half-hours' });
    case '60min':
    case 'hourly':
      return plural(count, { one: '# hour', other: '# hours' });
    case 'daily':
      return plural(count, { one: '# day', other: '# days' });
    case 'weekly':
      return plural(count, { one: '# week', other: '# weeks' });
    case 'monthly':
      return plural(count, { one: '# month', other: '# months' });
    default:
      return plural(count, { one: '# period', other: '# periods' });
  }
}

/** A whole count, rounded: `1,540`. */
export function formatCount(value: number): string {
  return formats().integer.format(Math.round(value));
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
  const { oneDecimal, percent } = formats();
  return percent ? percent.oneDecimal.format(value / 100) : `${oneDecimal.format(value)} %`;
}

/**
 * An axis tick in percent: no decimal a whole tick does not need (`0 %`, `50 %`), one where it does (`12.5 %`).
 * Values are shown by `percent`'s one rule; a tick only marks a place on the scale.
 */
export function percentTick(value: number): string {
  const { upToOneDecimal, percent } = formats();
  return percent ? percent.upToOneDecimal.format(value / 100) : `${upToOneDecimal.format(value)} %`;
}

/** An amount of money in `currency` (ISO 4217), in the language in force, whole units: `€314,400`. */
export function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
}

/** A yearly amount: `€314,400 a year`. */
export function formatYearly(value: number, currency: string): string {
  const money = formatMoney(value, currency);
  return t`${money} a year`;
}

/** A measure shown with exactly one decimal (minutes, percentage points): 1234.56 → `1,234.6`. */
export function formatDecimal(value: number): string {
  return formats().oneDecimal.format(value);
}

/**
 * The name of an API day code (1 = Sunday … 7 = Saturday) in the language in force: `Mon`, `Mo.`, `月`; `Monday`,
 * `Montag`, `月曜日` when long.
 */
export function weekdayName(code: number, width: 'short' | 'long' = 'short'): string {
  // 2026-01-04 is a Sunday.
  return weekdayOf(Date.UTC(2026, 0, 3 + code), width);
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
  return hours === 24 ? '' : ` (${t`${hours} h`})`;
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
  if (minutes < 1) return t`just now`;
  if (minutes < 60) return plural(minutes, { other: '# min ago' });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, { other: '# h ago' });
  return plural(Math.floor(hours / 24), { one: '# day ago', other: '# days ago' });
}

/** A change of a share, in percentage points with its sign: 0.032 → `+3.2 points`, −0.5 → `−50.0 points`. */
export function formatPoints(delta: number): string {
  const points = percentValue(delta);
  const sign = points > 0 ? '+' : points < 0 ? '−' : '±';
  const signed = `${sign}${formatDecimal(Math.abs(points))}`;
  return t`${signed} points`;
}

/**
 * A name set inside a sentence ("vs previous period, to …"): English writes its first letter in lower case; German
 * keeps its nouns' capitals and Japanese has none, so the name stays as it is.
 */
export function lowerFirst(text: string): string {
  return activeLanguage() === 'en' ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
