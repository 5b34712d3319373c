/**
 * What the vendor-records specs share (vendor-records.spec.ts, vendor-local-date.spec.ts, vendor-closed.spec.ts): the
 * metrics, the locations in three zones, the requests a page makes and the words its clock is shown with.
 */
import type { Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';

export const METRICS = [
  { slug: 'occupancy', endpoint: 'occupancy', label: 'Occupancy' },
  { slug: 'traffic', endpoint: 'traffic', label: 'Traffic' },
  { slug: 'dwell-time', endpoint: 'dwell_time', label: 'Dwell time' },
  { slug: 'availability', endpoint: 'availability', label: 'Availability' },
] as const;
export type MetricSlug = (typeof METRICS)[number]['slug'];
export const metric = (slug: MetricSlug) => METRICS.find((m) => m.slug === slug)!;

export const NEW_YORK = { zone: 'America/New_York', id: 11 }; // Main Concourse, open 24/7
export const BERLIN = { zone: 'Europe/Berlin', id: 21 }; // Open Workspace, Mon–Fri 07–19
export const SYDNEY = { zone: 'Australia/Sydney', id: 31 }; // Library, Mon–Sat 08–21

export interface ListedRecord {
  location_id: number;
  name: string;
  [field: string]: unknown;
}
export interface Envelope<P> {
  name: string;
  data: P[];
}
export interface Window {
  window_start: string;
}

/** The metric requests the page makes for one location, as their query parameters, in order. */
export function recordMetricRequests(page: Page, locationId: number): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  const path = new RegExp(`^/v2/locations/${locationId}/(occupancy|traffic|dwell_time|availability)$`);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (path.test(url.pathname)) seen.push(url.searchParams);
  });
  return seen;
}

/** The probe asks for one window of one day. */
export const isProbe = (query: URLSearchParams) => query.get('limit') === '1';
/** What is usual (today's occupancy, hourly): one weekday's hours over the 8 weeks before today. */
export const isUsualHistory = (query: URLSearchParams) =>
  query.get('interval') === '60min' && query.has('days_filter') && query.get('start_date') !== query.get('end_date');
/** Every other request is the view's. */
export const isView = (query: URLSearchParams) => !isProbe(query) && !isUsualHistory(query);
export const dates = (query: URLSearchParams) => [query.get('start_date'), query.get('end_date')];

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A range of dates as the page writes it: `12 Nov – 18 Nov 2026`, `30 Dec 2025 – 5 Jan 2026`, `18 Nov 2026`. */
export function rangeText(start: string, end: string): string {
  const day = (date: string, pattern: string) => formatInTimeZone(`${date}T00:00:00Z`, 'UTC', pattern);
  if (start === end) return day(end, 'd MMM yyyy');
  return `${day(start, start.slice(0, 4) === end.slice(0, 4) ? 'd MMM' : 'd MMM yyyy')} – ${day(end, 'd MMM yyyy')}`;
}

/** The header's offset for `instant` in `zone`, as the page writes it: `UTC−05:00`, `UTC+11:00`. */
export function offsetLabel(instant: string, zone: string): string {
  return `UTC${formatInTimeZone(instant, zone, 'xxx').replace('-', '−')}`;
}

export const clockHeader = (offset: string) =>
  `Times in the location’s local time, now ${offset} (from the server’s timestamps; no time zone name is known)`;

export const crashHeading = (page: Page) => page.getByRole('heading', { name: 'Something went wrong on this page' });
