/**
 * An axis tooltip over a chart that may draw the usual day (usual-overlay.ts): the measured point under the pointer
 * and the pointer's x, and the overlay's lines at that x.
 */
import { escapeHtml } from '../lib/escape-html';
import { isUsualSeries, type UsualOverlay } from './usual-overlay';

/** One entry of an ECharts axis tooltip's params. */
export interface AxisParam {
  seriesId?: string;
  seriesIndex?: number;
  value?: [number, unknown];
  axisValue?: unknown;
}

/**
 * Where an axis tooltip is, on a chart that may draw the overlay: the measured point under the pointer (none when
 * the pointer is on the expected rest of today, past the last window: ECharts then still passes every series'
 * nearest point, which would be the last window, far away), and the pointer's x.
 */
export function tooltipPosition(
  params: unknown,
  overlay: UsualOverlay | null,
  measured: (param: AxisParam) => boolean = () => true,
): { point: AxisParam | undefined; x: number | undefined } {
  const list = (Array.isArray(params) ? params : [params]) as (AxisParam | undefined)[];
  const point = list.find(
    (p): p is AxisParam =>
      p?.value !== undefined &&
      !isUsualSeries(p.seriesId) &&
      measured(p) &&
      (overlay === null || p.axisValue === undefined || p.value[0] === p.axisValue),
  );
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  // The pointer's own x first: a far series' nearest point is not where the pointer is.
  const x = [point?.value?.[0], ...list.map((p) => p?.axisValue), ...list.map((p) => p?.value?.[0])].find(finite);
  return { point, x };
}

/** A tooltip's overlay part at x: its lines, and the hour's header for when no measured window is under the pointer. */
export function overlayTooltip(
  overlay: UsualOverlay | null,
  x: number | undefined,
  zoneLabel: string,
): { lines: string[]; header: string | null } {
  if (!overlay || x === undefined) return { lines: [], header: null };
  const lines = overlay.tooltipLines(x);
  const hour = overlay.hourLabel(x);
  return { lines, header: lines.length > 0 && hour ? `<b>${escapeHtml(`${hour} (${zoneLabel})`)}</b>` : null };
}
