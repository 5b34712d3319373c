/**
 * The browser's Intl data the first screen formats with, loaded ahead: the first formatter of a kind loads its data
 * (the time zone database, a language's numbers, its plural rules), once per page, whichever zone or options it is
 * made with. The app's start calls these each in a task of its own once the frame is painted (app/start.ts), so that
 * the tasks that read the first answers and render them do not carry those loads too (13-70 ms at 1x for the zones).
 */
import { intlLocale } from './i18n';

/** The time zone database. */
export function loadTimeZoneData(): void {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
}

/** The numbers and the plural rules of the language in force. */
export function loadNumberData(): void {
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(1.5);
  new Intl.PluralRules(intlLocale()).select(1);
}
