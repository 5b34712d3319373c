/**
 * The browser's Intl data the first screen formats with, loaded ahead: the first formatter of a kind loads its data
 * (the time zone database, a language's numbers, its plural rules), once per page, whichever zone or options it is
 * made with. Each is loaded in a task of its own once the frame is painted: the zones by the entry (main.tsx), while
 * the start's chunks download, before the first answer names its location's zone; the numbers of the page's language
 * by the start (lib/format.ts `loadNumberFormats`, called by app/start.ts). So the tasks that read the first answers
 * and render them do not carry those loads. Imports nothing: the entry evaluates it.
 */

/** The time zone database. */
export function loadTimeZoneData(): void {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
}
