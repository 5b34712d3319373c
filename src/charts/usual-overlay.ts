/**
 * The usual day behind today's line (analysis/usual.ts `usualDay`), for a chart of one location's today:
 *
 * - the band: for each wall hour h of today with a usual value, a rectangle from h:00 to h+1:00 between the 25th and
 *   the 75th percentile of the same weekday and hour over the last 8 weeks (markArea rectangles on a series of its
 *   own, so the legend shows and hides them), in a light tint;
 * - the usual median as a thin line, from midnight to now;
 * - the rest of today as expected from it: the median from now to 24:00, dashed, never mistaken for data (its own
 *   legend entry; its tooltip line says it is expected, not measured; it is not in the chart's text summary, its
 *   table or its CSV, which are built from the API's windows alone).
 *
 * Times are wall-clock ms (lib/time.ts), as every time chart draws them with `useUTC: true`. DST, decided here:
 * - a wall hour today's clock skips (the spring-forward hour, 02:00 in New York on 2026-03-08) has no band and no
 *   line, even when earlier weeks give it a usual value: the axis shows its wall-clock width, but today has no such
 *   hour (`skippedWallHours`);
 * - a wall hour today's clock repeats (01:00 in New York on 2026-11-01) is drawn once, from 01:00 to 02:00: the
 *   usual of that hour is one value (usual.ts takes the mean of a 25-hour day's two windows), and the chart folds the
 *   two windows of today into that one wall hour (series.ts).
 * Hours without a usual value (not enough history) are gaps. Pure: every choice is unit tested without a canvas.
 */
import { t } from '@lingui/core/macro';

import { USUAL_WEEKS, type UsualValue } from '../analysis/usual';
import { BOLD, escapeHtml, withBold } from '../lib/escape-html';
import { formatNumber, percentOf } from '../lib/format';
import { formatWall, isoDateToUtcMs, wallClockAt, type LocationZone } from '../lib/time';
import { skippedWallHours } from '../lib/skipped-hours';
import { DAY_MS, HOUR_MS } from '../lib/time-spans';
import { isSubDaily } from './time-axis';

const HOURS = 24;

/**
 * The legend's names of the three parts: short, so that the legend of the kiosk's Today chart, in half a wall, takes
 * two rows at most (the tooltip and the chart's summary say the rest).
 */
export function usualNames(): { band: string; median: string; expected: string } {
  const weeks = USUAL_WEEKS;
  return { band: t`Usual range (${weeks} weeks)`, median: t`Usual`, expected: t`Expected (usual)` };
}

/** Series ids of the three parts; every one starts with `usual-` (`isUsualSeries`). */
export const USUAL_SERIES_IDS = { band: 'usual-band', median: 'usual-median', expected: 'usual-expected' } as const;

/** A legend entry that shows its line's style (solid or dashed) and no symbol: ECharts draws a circle even for `none`. */
const LINE_ONLY = { itemStyle: { opacity: 0 } };

/** What a tooltip says of an expected value. */
export function expectedNote(): string {
  return t`expected from the usual, not measured`;
}

/** The line a chart's accessible summary adds when the overlay is drawn. */
export function usualSummary(): string {
  return t`The usual band and the expected rest of today are drawn behind.`;
}

/**
 * The overlay's colour, the same in both themes like every series colour (metric-chart-parts.ts): violet-500 reads at 4.2:1
 * on the light panel and 4.1:1 on the dark one (usual-overlay.test.ts checks both against lib/theme's panels), and
 * is none of the data's colours (blue average, orange peak, grey comparison and partial windows, green target).
 */
export const USUAL_COLOR = '#8b5cf6';
/** The band: a light tint of the same colour, over either panel. */
export const USUAL_BAND_FILL = 'rgba(139, 92, 246, 0.14)';
/** The band's legend swatch: the tint, a little stronger so that it reads at legend size. */
const USUAL_BAND_SWATCH = 'rgba(139, 92, 246, 0.35)';

/** What the overlay of one chart needs, beside the usual values. */
export interface UsualToday {
  /** `usualDay` of analysis/usual.ts: hour 0..23 of today's weekday, in people; null = not enough history. */
  day: readonly (UsualValue | null)[];
  /** The location's date the chart shows (YYYY-MM-DD): the view's only date. */
  today: string;
  /** Now on the location's wall clock (wall-clock ms, `wallClockAt`): where the expected rest of today starts. */
  nowWallMs: number;
  /** Wall hours (0..23) today's clock skips (`skippedWallHours`): no band or line is drawn there. */
  skippedHours?: readonly number[];
}

export interface UsualOverlayOptions {
  today: string;
  nowWallMs: number;
  /** People → the chart's y value: 1 on a chart of people; 100 / capacity on a chart of % utilization. */
  scale: number;
  /** How a tooltip says a y value: `12 people`, or `40.0 %`. */
  unit: 'people' | 'percent';
  skippedHours?: readonly number[];
}

export interface UsualOverlay {
  /** ECharts series, in drawing order: the band, the median up to now, the expected rest of today. */
  series: Record<string, unknown>[];
  /** Legend entries for them (`legend.data` items). */
  legend: Record<string, unknown>[];
  /** The highest y value drawn (the chart's unit), for the axis's maximum. */
  max: number;
  /** The tooltip's lines (HTML, escaped) at a chart x (wall-clock ms): the usual of its hour, and the expected value from now on. */
  tooltipLines(x: number): string[];
  /** `Wed 18 Nov 2026 17:00–18:00`: the hour of a chart x, for a tooltip with no measured window under it. */
  hourLabel(x: number): string | null;
}

/** Whether an ECharts series id is one of the overlay's. */
export function isUsualSeries(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith('usual-');
}

/** Whether a view's dates are exactly today: the overlay is drawn on no other range, even one that includes today. */
export function isTodayOnly(range: { start: string; end: string }, today: string): boolean {
  return range.start === today && range.end === today;
}

/**
 * Whether a view gets the usual day behind its line: exactly today, in windows of an hour or less (hourly values
 * behind one daily point say nothing). A page asks for the usual's history only then.
 */
export function showsUsual(view: { range: { start: string; end: string }; interval: string; today: string }): boolean {
  return isSubDaily(view.interval) && isTodayOnly(view.range, view.today);
}

/** Whether `usualOverlay` would draw anything: some hour today has a usual value. */
export function drawsUsual(usual: Pick<UsualToday, 'day' | 'skippedHours'> | undefined): boolean {
  if (!usual) return false;
  const skipped = new Set(usual.skippedHours ?? []);
  return usual.day.some((value, hour) => value !== null && hour < HOURS && !skipped.has(hour));
}

/**
 * The series and legend entries of the usual day behind today's line; null when no hour has a usual value (the
 * chart is then drawn without it). Values are people × `scale`.
 */
export function usualOverlay(day: readonly (UsualValue | null)[], options: UsualOverlayOptions): UsualOverlay | null {
  const { today, nowWallMs, scale, unit } = options;
  const dayStart = isoDateToUtcMs(today);
  const dayEnd = dayStart + DAY_MS;
  const skipped = new Set(options.skippedHours ?? []);
  /** The hours drawn, in order, with their bounds and values in the chart's unit. */
  const hours: { hour: number; start: number; end: number; low: number; high: number; median: number }[] = [];
  for (let hour = 0; hour < HOURS; hour++) {
    const value = day[hour];
    if (!value || skipped.has(hour)) continue;
    const start = dayStart + hour * HOUR_MS;
    hours.push({
      hour,
      start,
      end: start + HOUR_MS,
      low: Math.min(value.low, value.high) * scale,
      high: Math.max(value.low, value.high) * scale,
      median: value.median * scale,
    });
  }
  if (hours.length === 0) return null;

  const now = Math.min(Math.max(nowWallMs, dayStart), dayEnd);
  const names = usualNames();
  const step = (from: number, to: number) => stepLine(hours, from, to);
  const past = step(dayStart, now);
  const rest = step(now, dayEnd);
  const series: Record<string, unknown>[] = [
    {
      type: 'line',
      id: USUAL_SERIES_IDS.band,
      name: names.band,
      // No line of its own: the band is its mark area. One empty point keeps the series (and its legend entry) drawn.
      data: [[dayStart, null]],
      showSymbol: false,
      silent: true,
      z: 1,
      lineStyle: { width: 0, color: USUAL_BAND_SWATCH },
      itemStyle: { color: USUAL_BAND_SWATCH },
      markArea: {
        silent: true,
        itemStyle: { color: USUAL_BAND_FILL },
        label: { show: false },
        data: hours.map(({ start, end, low, high }) => [
          { xAxis: start, yAxis: low },
          { xAxis: end, yAxis: high },
        ]),
      },
    },
  ];
  const legend: Record<string, unknown>[] = [
    { name: names.band, icon: 'roundRect', itemStyle: { color: USUAL_BAND_SWATCH } },
  ];
  if (past.length > 0) {
    series.push(line(USUAL_SERIES_IDS.median, names.median, past, 'solid'));
    legend.push({ name: names.median, ...LINE_ONLY });
  }
  if (rest.length > 0) {
    series.push(line(USUAL_SERIES_IDS.expected, names.expected, rest, 'dashed'));
    legend.push({ name: names.expected, ...LINE_ONLY });
  }

  const byHour = new Map(hours.map((h) => [h.hour, h]));
  const say = (value: number) => {
    if (unit !== 'people') return percentOf(value);
    const people = formatNumber(value);
    return t`${people} people`;
  };
  const sayRange = (low: number, high: number) => {
    if (unit !== 'people') return `${percentOf(low)}–${percentOf(high)}`;
    const people = `${formatNumber(low)}–${formatNumber(high)}`;
    return t`${people} people`;
  };
  const hourOf = (x: number): number | null => {
    if (!(x >= dayStart && x <= dayEnd)) return null;
    return Math.min(HOURS - 1, Math.floor((x - dayStart) / HOUR_MS));
  };

  return {
    series,
    legend,
    max: hours.reduce((max, h) => Math.max(max, h.high, h.median), 0),
    tooltipLines: (x) => {
      const hour = hourOf(x);
      if (hour === null || skipped.has(hour)) return [];
      const usual = byHour.get(hour);
      if (!usual) return [escapeHtml(t`Usual: not enough history for this hour`)];
      const [range, median] = BOLD;
      const lines = [
        withBold(t`Usual: ${range}, median ${median}`, sayRange(usual.low, usual.high), say(usual.median)),
      ];
      if (x >= now && now < dayEnd) {
        lines.push(
          `${escapeHtml(t`Expected`)}: <b>${escapeHtml(say(usual.median))}</b> <i>(${escapeHtml(expectedNote())})</i>`,
        );
      }
      return lines;
    },
    hourLabel: (x) => {
      const hour = hourOf(x);
      if (hour === null) return null;
      const start = dayStart + hour * HOUR_MS;
      return `${formatWall(start, 'EEE d MMM yyyy HH:mm')}–${formatWall(start + HOUR_MS, 'HH:mm')}`;
    },
  };
}

/**
 * The median over [from, to) as a step line: each hour flat from its start to its end (clipped to the span), a
 * vertical step between neighbouring hours, and a null (a break) before an hour that does not follow the previous
 * one (an hour without a usual value, or a skipped one).
 */
function stepLine(
  hours: readonly { start: number; end: number; median: number }[],
  from: number,
  to: number,
): [number, number | null][] {
  const data: [number, number | null][] = [];
  let lastEnd: number | null = null;
  for (const { start, end, median } of hours) {
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b <= a) continue;
    if (lastEnd !== null && a > lastEnd) data.push([lastEnd, null]);
    data.push([a, median], [b, median]);
    lastEnd = b;
  }
  return data;
}

function line(id: string, name: string, data: [number, number | null][], type: 'solid' | 'dashed') {
  return {
    type: 'line',
    id,
    name,
    data,
    connectNulls: false,
    // No symbol, in the plot or the legend: the legend shows the line's own style, solid or dashed.
    symbol: 'none',
    showSymbol: false,
    // Behind the measured lines.
    z: 1,
    lineStyle: { width: type === 'dashed' ? 1.5 : 1, color: USUAL_COLOR, type },
    itemStyle: { color: USUAL_COLOR },
    emphasis: { disabled: true },
  };
}

// ---------------------------------------------------------------------------------------------------
// What the pages pass: now on the location's wall clock, and the hours today's clock skips (lib/time.ts)

/**
 * What a page passes a chart of its view: the usual day behind today's line when the view is exactly today in
 * windows of an hour or less and the usual is known for some hour, else undefined (drawn as on any other day).
 */
export function usualForView(
  day: readonly (UsualValue | null)[] | undefined,
  view: { zone: LocationZone; range: { start: string; end: string }; interval: string; today: string; nowMs: number },
): UsualToday | undefined {
  const { zone, today, nowMs } = view;
  if (!day || !showsUsual(view) || !drawsUsual({ day })) return undefined;
  return { day, today, nowWallMs: wallClockAt(zone, nowMs), skippedHours: skippedWallHours(zone, today) };
}
