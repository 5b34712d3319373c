/** What the utilization page's chart panels say alike. */
import { t } from '@lingui/core/macro';

/** What the hatched cells are: hours the filters or opening hours leave out, and hours of this week still to come. */
export function noDataLegend(): string {
  return t`No data: outside the hours shown, or still to come`;
}

/** Why a chart cannot be saved yet: its data is loading, or there is nothing to draw. */
export function chartUnavailable(points: readonly unknown[] | undefined, option: unknown): string | null {
  if (!points) return t`The chart is still loading.`;
  return option ? null : t`There is nothing to draw.`;
}
