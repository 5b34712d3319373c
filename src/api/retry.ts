/**
 * When a failed request is worth another try, and how long to wait before it. Pure functions, shared by the
 * query client's defaults (app/app.tsx) and anything that retries one page of a walk by itself.
 *
 * Worth a retry: no HTTP answer at all (NetworkError), 429 and 5xx. Never: other 4xx (the same request gets
 * the same answer, and the panel should say so at once), a response we cannot read, a request we refused to
 * send, paging that went round in a circle, an abort.
 */
import { SECOND_MS } from '../lib/time-spans';
import { ApiError, NetworkError } from './errors';

/** Retries after the first failure: four tries in all. */
export const MAX_RETRIES = 3;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** The longest wait a `Retry-After` can ask for; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;

export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status === 429 || (error.status >= 500 && error.status <= 599);
  return false;
}

/** TanStack Query's `retry`: `failureCount` is the number of failures before this one (0 on the first). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error);
}

/**
 * The wait before retry number `attempt + 1` (`attempt` counts from 0, as TanStack Query's `retryDelay` does):
 * the server's `Retry-After` when it sent one, up to 30 s; otherwise 0.5 s, 1 s, 2 s, … up to 8 s.
 */
export function retryDelayMs(attempt: number, error: unknown): number {
  const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(attempt, 0), MAX_BACKOFF_MS);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIME = String.raw`(?<h>\d{2}):(?<m>\d{2}):(?<s>\d{2})`;
const MONTH = `(?<month>${MONTHS.join('|')})`;
/** The three HTTP-date forms (RFC 9110 §5.6.7), all in GMT: IMF-fixdate, obsolete RFC 850, asctime. */
const HTTP_DATES = [
  new RegExp(String.raw`^[A-Z][a-z]{2}, (?<day>\d{2}) ${MONTH} (?<year>\d{4}) ${TIME} GMT$`),
  new RegExp(String.raw`^[A-Z][a-z]+day, (?<day>\d{2})-${MONTH}-(?<year>\d{2}) ${TIME} GMT$`),
  new RegExp(String.raw`^[A-Z][a-z]{2} ${MONTH} (?<day>[ \d]\d) ${TIME} (?<year>\d{4})$`),
];

/**
 * A `Retry-After` header as milliseconds from `nowMs`: delay-seconds, or an HTTP-date (a date already past is
 * no wait). Null when there is none or it cannot be read.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * SECOND_MS;
  const dateMs = parseHttpDate(text);
  return dateMs === null ? null : Math.max(dateMs - nowMs, 0);
}

function parseHttpDate(text: string): number | null {
  const fields = HTTP_DATES.map((pattern) => pattern.exec(text)?.groups).find(Boolean);
  if (!fields) return null;
  const [day, month, h, m, s] = [Number(fields.day), MONTHS.indexOf(fields.month!), +fields.h!, +fields.m!, +fields.s!];
  // RFC 850's two-digit year: a wait is never a century away, so 20yy.
  const year = fields.year!.length === 2 ? 2000 + Number(fields.year) : Number(fields.year);
  const ms = Date.UTC(year, month, day, h, m, s);
  const date = new Date(ms);
  // A date that does not exist (31 Nov, 25:00) is unreadable, not rolled over by Date.UTC.
  const exists = date.getUTCDate() === day && date.getUTCHours() === h && date.getUTCMinutes() === m && s < 60;
  return exists ? ms : null;
}
