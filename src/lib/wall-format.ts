/**
 * Wall-clock ms (lib/time.ts) as text, with a pattern of date-fns's letters: `EEE d MMM yyyy HH:mm`. English reads the
 * pattern as written (`Wed 18 Nov 2026 07:00`, the formats the app always had). German and Japanese give a pattern
 * that names a weekday or a month to `Intl.DateTimeFormat` in their locale with the same fields, in their own order
 * and punctuation (`Mi., 18. Nov. 2026, 07:00`, `2026年11月18日(水) 07:00`); a pattern of digits only (`HH:mm`,
 * `yyyy-MM-dd`, `H`) reads the same in every language. Always read in UTC, where wall-clock ms keep the location's
 * wall clock; never the browser's zone.
 *
 * Letters: EEEE EEE (weekday), d dd, MMMM MMM MM (month), yyyy, HH H, mm, ss; text in single quotes is kept.
 */
import { activeLanguage, intlLocale } from './i18n';

const TOKENS = /EEEE|EEE|MMMM|MMM|MM|dd|d|yyyy|HH|H|mm|ss|'[^']*'/g;
const NAMED = /E|MMM/;

const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

/** A weekday's or a month's name in `locale`, as it is written inside a date (German `Di.`, not the bare `Di`). */
function namePart(wallMs: number, locale: string, part: 'weekday' | 'month', width: 'short' | 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    part === 'weekday' ? { weekday: width, day: 'numeric' } : { month: width, day: 'numeric' };
  return (
    dateFormat(locale, options)
      .formatToParts(wallMs)
      .find((p) => p.type === part)?.value ?? ''
  );
}

const two = (value: number) => String(value).padStart(2, '0');

/** The pattern as written, names from `locale` (en-US for English). */
function byPattern(wallMs: number, pattern: string, locale: string): string {
  const date = new Date(wallMs);
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'EEEE':
        return namePart(wallMs, locale, 'weekday', 'long');
      case 'EEE':
        return namePart(wallMs, locale, 'weekday', 'short');
      case 'MMMM':
        return namePart(wallMs, locale, 'month', 'long');
      case 'MMM':
        return namePart(wallMs, locale, 'month', 'short');
      case 'MM':
        return two(date.getUTCMonth() + 1);
      case 'dd':
        return two(date.getUTCDate());
      case 'd':
        return String(date.getUTCDate());
      case 'yyyy':
        return String(date.getUTCFullYear()).padStart(4, '0');
      case 'HH':
        return two(date.getUTCHours());
      case 'H':
        return String(date.getUTCHours());
      case 'mm':
        return two(date.getUTCMinutes());
      case 'ss':
        return two(date.getUTCSeconds());
      default:
        return token.slice(1, -1);
    }
  });
}

/** The fields a pattern names, as `Intl.DateTimeFormat` options. */
function fieldsOf(pattern: string): Intl.DateTimeFormatOptions {
  const options: Intl.DateTimeFormatOptions = {};
  if (pattern.includes('EEEE')) options.weekday = 'long';
  else if (pattern.includes('EEE')) options.weekday = 'short';
  if (pattern.includes('MMMM')) options.month = 'long';
  else if (pattern.includes('MMM')) options.month = 'short';
  if (/(^|[^d])d/.test(pattern.replace(/'[^']*'/g, ''))) options.day = 'numeric';
  if (pattern.includes('yyyy')) options.year = 'numeric';
  if (pattern.includes('H')) Object.assign(options, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return options;
}

/** Wall-clock ms as text in the language in force (see above). */
export function formatWallMs(wallMs: number, pattern: string): string {
  if (activeLanguage() === 'en' || !NAMED.test(pattern)) return byPattern(wallMs, pattern, 'en-US');
  return dateFormat(intlLocale(), fieldsOf(pattern)).format(wallMs);
}

/** A weekday's name in the language in force, as inside a date: `Tue`, `Di.`, `火`; `Tuesday`, `Dienstag`, `火曜日`. */
export function weekdayOf(wallMs: number, width: 'short' | 'long'): string {
  return namePart(wallMs, intlLocale(), 'weekday', width);
}

/**
 * A range of dates (wall-clock ms of their midnights, both ends inclusive) as German or Japanese readers write one
 * (`16.–22. Nov. 2026`; `2026年11月16日～11月22日`, the year once when both ends share it); null in English, which keeps
 * its own (lib/time.ts formatDateRange).
 */
export function formatWallRange(startMs: number, endMs: number): string | null {
  const language = activeLanguage();
  if (language === 'en') return null;
  const withYear = dateFormat(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' });
  if (startMs === endMs) return withYear.format(startMs);
  if (language === 'de') return withYear.formatRange(startMs, endMs);
  const sameYear = new Date(startMs).getUTCFullYear() === new Date(endMs).getUTCFullYear();
  const end = sameYear ? dateFormat(intlLocale(), { day: 'numeric', month: 'short' }) : withYear;
  return `${withYear.format(startMs)}～${end.format(endMs)}`;
}
