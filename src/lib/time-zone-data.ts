/**
 * Loads the browser's time zone database now, in the running task. The first formatter that names a zone loads it,
 * whichever zone, once per page; the app's start calls this in a task of its own (app/start.ts), so that the task
 * that reads the first answer and finds its location's zone does not carry it too.
 */
export function loadTimeZoneData(): void {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
}
