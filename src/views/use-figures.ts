/** The headline figures of a set of series (analysis/figures.ts), computed once per set. */
import { useMemo } from 'react';

import { computeFigures, type Figures } from '../analysis/figures';
import type { DwellUnit } from '../api/schemas';
import type { LocationSeries } from './use-location-series';

export function useFigures(series: LocationSeries | undefined, capacity: number | undefined, unit: DwellUnit) {
  return useMemo(() => figuresOf(series, capacity, unit), [series, capacity, unit]);
}

const figuresBySeries = new WeakMap<LocationSeries, { capacity: number; unit: DwellUnit; figures: Figures }>();

/**
 * The figures of a whole set of series, computed once per set: a set is one object while its four walks are the
 * same (use-location-series.ts), and a new one as soon as any of them is replaced.
 */
export function figuresOf(series: LocationSeries | undefined, capacity: number | undefined, unit: DwellUnit) {
  if (!series) return undefined;
  const cached = figuresBySeries.get(series);
  if (cached && cached.capacity === (capacity ?? 0) && cached.unit === unit) return cached.figures;
  const figures = computeFigures({ ...series, capacity: capacity ?? 0, dwellUnit: unit });
  figuresBySeries.set(series, { capacity: capacity ?? 0, unit, figures });
  return figures;
}
