/**
 * How many headline figures a wall shows, and which. A wall does not scroll: a small one shows fewer figures, the
 * most telling first (docs/kiosk.md). A screen narrower than 1,000 px (a phone, a tablet at a room's door) lays its
 * panels out in one column (kiosk.css) and gives the figures whole rows of what is left beside the charts: two
 * to a row under 600 px wide, else four; one row under 1,000 px tall, two under 1,500 px. A wider screen (a
 * landscape wall, a full HD portrait) shows all ten.
 */
// Types only: e2e/kiosk.spec.ts loads this module, and Playwright compiles no Lingui macro (analysis/figures.ts).
import type { FigureKey } from '../../analysis/figures';

/** The headline figures in the order a wall shows them: how full the place is and when it is busiest, first. */
export const WALL_FIGURE_ORDER: readonly FigureKey[] = [
  'average-utilization',
  'busiest-hour',
  'peak-occupancy',
  'total-entries',
  'busiest-weekday',
  'peak-utilization',
  'average-dwell',
  'in-use-share',
  'hours-over-capacity',
  'right-size-p95',
];

/** Below this width a wall is small: its figures come in whole rows that fit (the media queries in kiosk.css). */
export const SMALL_WALL_PX = 1000;
/** Below this width a small wall's figures are two to a row, else four. */
export const NARROW_WALL_PX = 600;

/** How many figures fit a wall of `width` × `height` CSS pixels: whole rows, at most every figure. */
export function wallFigureCount(width: number, height: number): number {
  if (!(width > 0) || !(height > 0) || width >= SMALL_WALL_PX) return WALL_FIGURE_ORDER.length;
  const columns = width < NARROW_WALL_PX ? 2 : 4;
  const rows = height < 1000 ? 1 : height < 1500 ? 2 : 3;
  return Math.min(WALL_FIGURE_ORDER.length, columns * rows);
}

/** The figures a wall of `width` × `height` shows, the most telling first. */
export function wallFigures(width: number, height: number): readonly FigureKey[] {
  return WALL_FIGURE_ORDER.slice(0, wallFigureCount(width, height));
}

/**
 * The height of the busiest times' colour scale on a wall of `width` CSS pixels: a phone-sized wall's heatmap is
 * about 170 px tall (kiosk.css), too short for the page's 180 px bar and its end labels; else the page's.
 */
export function wallHeatmapScaleHeight(width: number): number | undefined {
  return width > 0 && width < NARROW_WALL_PX ? 100 : undefined;
}
