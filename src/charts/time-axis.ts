/**
 * Time axes that read: the tick labels of each interval (weekdays on days, week starts on weeks), and the
 * closed hours and days cut out of sub-daily axes (ECharts axis breaks) instead of drawn as empty width.
 * Pure, so every choice is unit tested without a canvas. Values are wall-clock ms (see lib/time.ts).
 */
import type { OpenSchedule } from '../analysis/open-hours';
import type { ClosedTime } from '../lib/closed-time';
import { dayTick, hourTick, monthTick } from '../lib/format';
import { formatWall, hourRangeTest } from '../lib/time';
import { DAY_MS, HOUR_MS } from '../lib/time-spans';

/** Intervals finer than a day: the ones with closed hours to hide. */
export function isSubDaily(interval: string): boolean {
  return interval !== 'daily' && interval !== 'weekly' && interval !== 'monthly';
}

/** Intervals whose axis can leave closed time out: closed hours and days finer than a day, closed days on `daily`. */
export function cutsClosedTime(interval: string): boolean {
  return interval !== 'weekly' && interval !== 'monthly';
}

/**
 * Whether closed hours and days are cut out of the axis: only on sub-daily views; as asked when asked; by
 * default only for a location whose record has operating hours (the vendor's records have none: there the
 * echoed hours are often the whole day, and a cut axis would hide that it is unknown).
 */
export function hidesClosedTime(interval: string, asked: ClosedTime | undefined, recordHasHours: boolean): boolean {
  if (!cutsClosedTime(interval)) return false;
  if (asked !== undefined) return asked === 'hide';
  return recordHasHours;
}

/** The hours and days a response says it includes: its echo of the filters or of the operating hours and days. */
export type { OpenSchedule };

/** Whether `open` leaves any hour of the week out: nothing to hide on a view of every hour of every day. */
export function hasClosedTime(open: OpenSchedule): boolean {
  const isOpen = hourRangeTest(open.hours);
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return new Set(open.days).size < 7 || !hours.every(isOpen);
}

/**
 * The spans of `range` (wall-clock ms, [start, end)) outside `open`: each closed day whole, and on open days
 * the hours before opening and after closing. Neighbouring spans are merged (Friday's evening, the weekend and
 * Monday's early hours are one span), so a week of a Mon–Fri 07:00–20:00 room has six.
 */
export function closedSpans(range: readonly [number, number], open: OpenSchedule): [number, number][] {
  const [from, to] = range;
  if (!(to > from)) return [];
  const openDays = new Set(open.days);
  const isOpen = hourRangeTest(open.hours);
  const spans: [number, number][] = [];
  const add = (start: number, end: number) => {
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    if (e <= s) return;
    const last = spans[spans.length - 1];
    if (last && last[1] >= s) last[1] = Math.max(last[1], e);
    else spans.push([s, e]);
  };
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    const code = new Date(day).getUTCDay() + 1;
    if (!openDays.has(code)) {
      add(day, day + DAY_MS);
      continue;
    }
    for (let hour = 0; hour < 24; hour++) {
      if (!isOpen(hour)) add(day + hour * HOUR_MS, day + (hour + 1) * HOUR_MS);
    }
  }
  // A span that covers everything leaves nothing to draw: show the axis as it is instead.
  return spans.length === 1 && spans[0]![0] === from && spans[0]![1] === to ? [] : spans;
}

/**
 * The closed days of a daily axis, as spans to cut: a daily window is drawn centred on its day's start (a bar one
 * day wide, from 12:00 the day before to 12:00), so the span of closed days from D to E is cut from D − 12 h to
 * E − 12 h, leaving every open day's slot whole (timeAxisLabels trims the axis by closed days at its ends). With
 * Mon–Fri, a week is five days wide.
 */
export function closedDaySpans(range: readonly [number, number], days: readonly number[]): [number, number][] {
  const half = DAY_MS / 2;
  return closedSpans(range, { hours: { start: 0, end: 23 }, days }).map(([start, end]) => [start - half, end - half]);
}

/** More breaks than this and ECharts spends longer on them than on the data: the axis is drawn whole. */
export const MAX_BREAKS = 400;

interface AxisContext {
  interval: string;
  xRange?: [number, number];
  closedSpans?: readonly (readonly [number, number])[];
  /** Where the windows start (wall-clock ms): weekly ticks sit on them. */
  windowStarts?: readonly number[];
}

/** A tick's extra from ECharts: set on the two labels at the edges of a break. */
interface TickExtra {
  break?: { type: 'start' | 'end'; start: number; end: number };
}

/**
 * The x axis's labels, ticks and breaks for `context.interval`:
 * - daily: `Mon 16 Nov` on day starts (never a bare day number, never noon);
 * - weekly: a tick and a label on each week's start, where its point is drawn;
 * - monthly: `Nov 2026`;
 * - finer: `07:00` within a day, the day at midnight; with closed time cut out, the first open hour after a
 *   break says its day too (`07:00` over `Tue 17 Nov`), and the hour the break starts is left unlabelled.
 */
export function timeAxisLabels(context: AxisContext): Record<string, unknown> {
  const { interval } = context;
  if (interval === 'daily') {
    const spans = context.closedSpans ?? [];
    const shown: readonly [number, number] | undefined = context.xRange && [
      context.xRange[0] - DAY_MS / 2,
      context.xRange[1] - DAY_MS / 2,
    ];
    const { inner, min, max } = trimClosedEnds(spans, shown);
    const cut = (value: number) => spans.some(([start, end]) => value > start && value < end);
    const days = context.xRange ? dayTicks(context.xRange).filter((day) => !cut(day)) : undefined;
    const breaks =
      inner.length > 0 && inner.length <= MAX_BREAKS
        ? {
            breaks: inner.map(([start, end]) => ({ start, end, gap: '1%' })),
            breakArea: { show: true, expandOnClick: false, zigzagAmplitude: 2 },
          }
        : {};
    return {
      minInterval: DAY_MS,
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      ...breaks,
      ...(days ? { axisTick: { customValues: days } } : {}),
      axisLabel: { hideOverlap: true, formatter: (value: number) => dayTick(value), customValues: days },
    };
  }
  if (interval === 'weekly') {
    const starts = context.windowStarts?.length
      ? [...context.windowStarts]
      : context.xRange
        ? weekStarts(context.xRange)
        : undefined;
    return {
      minInterval: 7 * DAY_MS,
      axisTick: starts ? { customValues: starts } : {},
      axisLabel: { hideOverlap: true, formatter: (value: number) => dayTick(value), customValues: starts },
    };
  }
  if (interval === 'monthly') {
    return {
      minInterval: 28 * DAY_MS,
      axisLabel: { hideOverlap: true, formatter: (value: number) => monthTick(value) },
    };
  }
  const { inner, min, max } = trimClosedEnds(context.closedSpans ?? [], context.xRange);
  const bounds = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  if (inner.length === 0 || inner.length > MAX_BREAKS) {
    return {
      ...(inner.length === 0 ? bounds : {}),
      axisLabel: { hideOverlap: true, formatter: (value: number) => hourTick(value) },
    };
  }
  return {
    ...bounds,
    breaks: inner.map(([start, end]) => ({ start, end, gap: '1%' })),
    breakArea: { show: true, expandOnClick: false, zigzagAmplitude: 2 },
    axisLabel: {
      hideOverlap: true,
      formatter: (value: number, _index: number, extra?: TickExtra) => openTick(value, extra),
    },
  };
}

/**
 * Closed time at the ends of the range is not a break but a shorter axis: it starts at the first opening and
 * ends at the last closing. The spans in between become breaks.
 */
export function trimClosedEnds(
  spans: readonly (readonly [number, number])[],
  range: readonly [number, number] | undefined,
): { inner: (readonly [number, number])[]; min?: number; max?: number } {
  if (!range || spans.length === 0) return { inner: [...spans] };
  let inner = [...spans];
  let min: number | undefined;
  let max: number | undefined;
  if (inner[0]![0] <= range[0]) {
    min = inner[0]![1];
    inner = inner.slice(1);
  }
  const last = inner[inner.length - 1];
  if (last && last[1] >= range[1]) {
    max = last[0];
    inner = inner.slice(0, -1);
  }
  return { inner, min, max };
}

/**
 * A label on an axis with breaks: the hour a break ends at (the opening) says its day, `Tue 17 Nov 07:00`; the
 * hour a break starts at (the closing) its time, `20:00`. (An empty or two-line label throws ECharts' layout of
 * break labels off: every label is one line.)
 */
export function openTick(value: number, extra?: TickExtra): string {
  if (extra?.break?.type === 'end' || value % DAY_MS === 0) return `${dayTick(value)} ${formatWall(value, 'HH:mm')}`;
  return formatWall(value, 'HH:mm');
}

/**
 * The start of every week in `range`: the API's weekly windows start on Mondays (the range's first window may
 * be clipped and start later: it is included as it is).
 */
/** How many days apart a daily axis's labels are: the first of these that gives at most `DAY_LABELS`. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];
const DAY_LABELS = 7;

/**
 * A daily axis's ticks: on local midnights, the same number of days apart all along (ECharts' own restart at each
 * month, so a 30-day axis read 1, 3, … 29, 1 Dec), from the range's first day.
 */
export function dayTicks(range: readonly [number, number]): number[] {
  const first = Math.ceil(range[0] / DAY_MS) * DAY_MS;
  const days = Math.floor((range[1] - 1 - first) / DAY_MS) + 1;
  const step = DAY_STEPS.find((candidate) => Math.ceil(days / candidate) <= DAY_LABELS) ?? DAY_STEPS.at(-1)!;
  const ticks: number[] = [];
  for (let t = first; t < range[1]; t += step * DAY_MS) ticks.push(t);
  return ticks;
}

export function weekStarts(range: readonly [number, number]): number[] {
  const [from, to] = range;
  const starts: number[] = [from];
  const weekday = (new Date(from).getUTCDay() + 6) % 7; // 0 = Monday
  for (let t = Math.floor(from / DAY_MS) * DAY_MS + (7 - weekday) * DAY_MS; t < to; t += 7 * DAY_MS) {
    if (t > from) starts.push(t);
  }
  return starts;
}
