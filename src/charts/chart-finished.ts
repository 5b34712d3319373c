import { firstScreenShown } from '../lib/scheduling/after-first-screen';
import { onNextPaint } from '../lib/scheduling/after-paint';

/** Whether the first screen has been told of a chart drawn (it is told once). */
let told = false;

/**
 * Marks the last finished drawing on the page's performance timeline (read by bench/dashboard.ts and the kiosk's soak
 * test), for a chart drawn on the page (charts/chart.tsx) or in the wall charts' worker (panels/wall-chart.tsx).
 * ECharts finishes on every repaint, hovers included: the old mark is cleared, so a screen left on for days keeps one.
 * A chart drawn is a first screen shown, where the chart is that screen (a metric page): once its frame is on screen,
 * a paint later.
 */
export function markChartFinished(): void {
  performance.clearMarks('chart-finished');
  performance.mark('chart-finished');
  if (told) return;
  told = true;
  onNextPaint(firstScreenShown);
}
