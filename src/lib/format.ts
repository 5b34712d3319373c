/**
 * How windows and shares read, everywhere (chart tooltips and table rows): from the API strings' own wall
 * clock, never the browser's zone (see time.ts).
 */
import { formatOffset, formatWall, parseLocalDateTime, type LocalDateTime } from './time';

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
  const hours = Math.round((to.instantMs - from.instantMs) / 3_600_000);
  return hours === 24 ? '' : ` (${hours} h)`;
}

/** A window across a DST change shows both offsets; one in the repeated hour shows its own when asked. */
function offsetNote(from: LocalDateTime, to: LocalDateTime, withOffset: boolean): string {
  if (from.offsetMinutes !== to.offsetMinutes) {
    return ` (${formatOffset(from.offsetMinutes)} → ${formatOffset(to.offsetMinutes)})`;
  }
  return withOffset ? ` (${formatOffset(from.offsetMinutes)})` : '';
}

/** A fraction as a percentage with one decimal: 0.4567 → 45.7. */
export function percentValue(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** `45.7 %` */
export function percent(fraction: number): string {
  return `${percentValue(fraction)} %`;
}
