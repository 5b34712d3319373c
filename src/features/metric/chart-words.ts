/** What a metric page's chart says in words (features/metric/metric-chart-panel.tsx): its name and its summary. */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import { usualSummary } from '../../charts/usual-overlay';
import { formatIntervalCount, lowerFirst } from '../../lib/format';
import type { MetricDefinition } from '../../metrics/definitions';

/** The chart panel's name: `Occupancy chart`. */
export function chartName(definition: MetricDefinition): string {
  const metric = i18n._(definition.label);
  return t`${metric} chart`;
}

/**
 * What a screen reader hears of the chart: "Occupancy of Main Concourse, 16 Nov – 22 Nov 2026, 7 days, times in
 * Europe/Berlin: lowest …." and, when drawn, the usual band behind it and the comparison's dashed line.
 */
export function chartSummary(words: {
  definition: MetricDefinition;
  name: string | undefined;
  describeRange: string;
  points: number;
  interval: string;
  zoneText: string;
  values: string | null;
  usual: boolean;
  compare?: { label: string; dates: string };
}): string {
  const { describeRange: range, zoneText: zone, values, name } = words;
  const metric = i18n._(words.definition.label);
  const count = formatIntervalCount(words.points, words.interval);
  const what =
    name === undefined
      ? values
        ? t`${metric} of the location, ${range}, ${count}, times in ${zone}: ${values}.`
        : t`${metric} of the location, ${range}, ${count}, times in ${zone}.`
      : values
        ? t`${metric} of ${name}, ${range}, ${count}, times in ${zone}: ${values}.`
        : t`${metric} of ${name}, ${range}, ${count}, times in ${zone}.`;
  const parts = [what];
  if (words.usual) parts.push(usualSummary());
  if (words.compare) {
    const [compared, dates] = [lowerFirst(words.compare.label), words.compare.dates];
    parts.push(t`Behind it, dashed: the ${compared}, ${dates}.`);
  }
  return parts.join(' ');
}

/** Why the chart cannot be downloaded as PNG now, or null: it is drawn, whole and not empty. */
export function pngUnavailable(state: {
  chartView: boolean;
  loading: boolean;
  pages: readonly { data: readonly unknown[] }[] | undefined;
}): string | null {
  if (!state.chartView) return t`Switch to the chart to download it.`;
  if (state.loading || !state.pages) return t`The chart is still loading.`;
  return state.pages.some((page) => page.data.length > 0) ? null : t`There is nothing to draw.`;
}
