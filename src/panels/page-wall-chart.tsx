/**
 * A recipe's chart drawn on the page (panels/wall-chart.tsx): where the browser cannot draw in a worker, and from when
 * someone points at the chart. Loaded with the page's chart code, so that a page whose charts the worker draws never
 * loads the option builders.
 */
import { useMemo, type RefObject } from 'react';

import { wallChartOption } from '../charts/wall-chart-option';
import type { WallChartRecipe } from '../charts/wall-chart-recipe';
import type { ChartPicture } from '../lib/chart-picture';
import { LazyChart } from './lazy-chart';

export function PageWallChart(props: {
  recipe: WallChartRecipe;
  summary: string;
  pictureRef?: RefObject<ChartPicture | null>;
}) {
  const { recipe, summary, pictureRef } = props;
  const option = useMemo(() => wallChartOption(recipe), [recipe]);
  return (
    <LazyChart
      kind={recipe.kind === 'metric' || recipe.kind === 'compare' ? 'metric' : 'utilization'}
      option={option}
      summary={summary}
      pictureRef={pictureRef}
    />
  );
}
