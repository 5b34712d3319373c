/**
 * A metric page's headline figures are their definitions (docs/figures.md) applied to the API's own windows: each
 * `[data-kpi]`'s `data-value` equals what this test computes from the raw series, fetched here page by page.
 */
import { expect, test, walk } from './fixtures';

interface Window {
  window_start: string;
  window_end: string;
}
type Point = Window & Record<string, number | null>;

/** A field's values, the nulls left out. */
const present = (points: readonly Point[], field: string) =>
  points.flatMap((point) => (typeof point[field] === 'number' ? [point[field]] : []));

const LOCATION = 21;
const FROM = '2026-11-02';
const TO = '2026-11-15';

const lengthOf = (point: Window) => Date.parse(point.window_end) - Date.parse(point.window_start);

/** Σ(value × window length) ÷ Σ(window length), over the windows with a value. */
function byLength(points: readonly Point[], value: (point: Point) => number | null): number {
  let sum = 0;
  let weights = 0;
  for (const point of points) {
    const v = value(point);
    if (v === null) continue;
    sum += v * lengthOf(point);
    weights += lengthOf(point);
  }
  return sum / weights;
}

const CASES = [
  {
    metric: 'occupancy',
    slug: 'occupancy',
    interval: '60min',
    expected: (points: Point[], capacity: number) => ({
      'average-occupancy': byLength(points, (p) => p.avg_occupancy!),
      'peak-occupancy': Math.max(...points.map((p) => p.peak_occupancy!)),
      'time-over-capacity': byLength(points, (p) => (p.peak_occupancy! > capacity ? 1 : 0)),
    }),
  },
  {
    metric: 'traffic',
    slug: 'traffic',
    interval: '60min',
    expected: (points: Point[]) => {
      const byDate = new Map<string, number>();
      for (const p of points)
        byDate.set(p.window_start.slice(0, 10), (byDate.get(p.window_start.slice(0, 10)) ?? 0) + p.traffic!);
      const total = points.reduce((sum, p) => sum + p.traffic!, 0);
      return {
        'total-entries': total,
        'busiest-day': Math.max(...byDate.values()),
        'entries-per-day': total / byDate.size,
      };
    },
  },
  {
    metric: 'dwell_time',
    slug: 'dwell-time',
    interval: 'daily',
    expected: (points: Point[]) => ({
      'visit-length-by-window': byLength(points, (p) => p.avg_dwell_time ?? null),
      'longest-visit': Math.max(...present(points, 'peak_dwell_time')),
    }),
  },
  {
    metric: 'availability',
    slug: 'availability',
    interval: '60min',
    expected: (points: Point[]) => ({
      'average-free': byLength(points, (p) => p.availability_percentage ?? null),
      'least-free': Math.min(...present(points, 'availability_percentage')),
    }),
  },
] as const;

test('each metric page’s figures equal their definitions over the API’s windows', async ({
  page,
  request,
  baseURL,
}) => {
  for (const { metric, slug, interval, expected } of CASES) {
    const { first, data } = await walk<Point>(
      request,
      baseURL,
      `/locations/${LOCATION}/${metric}?start_date=${FROM}&end_date=${TO}&interval=${interval}`,
    );
    const want = expected(data, first.capacity);
    await page.goto(`/locations/${LOCATION}/${slug}?from=${FROM}&to=${TO}&interval=${interval}`);
    const figures = page.getByRole('region', { name: 'Headline figures' });
    for (const [kpi, value] of Object.entries(want)) {
      const figure = figures.locator(`[data-kpi="${kpi}"]`);
      await expect(figure, `${slug}: ${kpi}`).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
      // Dwell times in the simulator are minutes (config.json's dwellTimeUnit), shown as minutes.
      expect(Number(await figure.getAttribute('data-value')), `${slug}: ${kpi}`).toBeCloseTo(value, 9);
    }
  }
});
