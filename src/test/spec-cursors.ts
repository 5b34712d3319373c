/** The spec server's cursors (spec-server.ts), and the parameters, dates and waits it reads requests with. */
import { type PaceClock } from '../api/pace';
import { DAY_MS } from '../lib/time-spans';

export function encodeCursor(offset: number, request: string): string {
  return btoa(JSON.stringify({ offset, request }));
}

export function decodeCursor(cursor: string): { offset: number; request: string } | null {
  try {
    const value = JSON.parse(atob(cursor)) as { offset?: unknown; request?: unknown };
    return Number.isInteger(value.offset) && typeof value.request === 'string'
      ? { offset: value.offset as number, request: value.request }
      : null;
  } catch {
    return null;
  }
}

/** Undefined when absent, NaN when not an integer in min..max. */
export function integerParam(text: string | null, min: number, max: number): number | undefined {
  if (text === null) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return value >= min && value <= max ? value : NaN;
}

export function isDate(text: string): boolean {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

export function datesFrom(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += DAY_MS) {
    dates.push(new Date(ms).toISOString().slice(0, 10));
  }
  return dates;
}

/** Waits `ms`, or less when the signal aborts (the answer is not sent then). */
export function pause(clock: PaceClock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
