/**
 * How windows and shares read, everywhere (chart tooltips and table rows): from the API strings' own wall
 * clock, never the browser's zone (see time.ts).
 */
import { formatOffset, formatWall, parseLocalDateTime } from './time';

/**
 * `Wed 18 Nov 2026 07:00–08:00` or `Mon 16 Nov 2026 – Sun 22 Nov 2026`, from the strings' own wall clock.
 * `withOffset` adds the UTC offset, which tells apart two windows of the repeated hour of a DST fall-back.
 */
export function windowLabel(start: string, end: string, interval: string, withOffset = false): string {
  const s = wallOf(start);
  const e = wallOf(end);
  if (interval === 'daily') return `${formatWall(s, 'EEE d MMM yyyy')}${dstNote(start, end)}`;
  if (interval === 'weekly' || interval === 'monthly') {
    return `${formatWall(s, 'EEE d MMM yyyy')} – ${formatWall(e - 1, 'EEE d MMM yyyy')}`;
  }
  return `${formatWall(s, 'EEE d MMM yyyy HH:mm')}–${formatWall(e, 'HH:mm')}${offsetNote(start, end, withOffset)}`;
}

function wallOf(text: string): number {
  return parseLocalDateTime(text).wallMs;
}

/** A daily window of 23 or 25 hours says so. */
function dstNote(start: string, end: string): string {
  const hours = Math.round((parseLocalDateTime(end).instantMs - parseLocalDateTime(start).instantMs) / 3_600_000);
  return hours === 24 ? '' : ` (${hours} h)`;
}

/** A window across a DST change shows both offsets; one in the repeated hour shows its own when asked. */
function offsetNote(start: string, end: string, withOffset: boolean): string {
  const from = parseLocalDateTime(start).offsetMinutes;
  const to = parseLocalDateTime(end).offsetMinutes;
  if (from !== to) return ` (${formatOffset(from)} → ${formatOffset(to)})`;
  return withOffset ? ` (${formatOffset(from)})` : '';
}

/** A fraction as a percentage with one decimal: 0.4567 → 45.7. */
export function percentValue(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** `45.7 %` */
export function percent(fraction: number): string {
  return `${percentValue(fraction)} %`;
}
