import { useQueries } from '@tanstack/react-query';

import type { WalkedPage } from '../../api/filter-fallback';
import type { Metric } from '../../api/schemas';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import { useAppContext } from '../../config/app-context';
import { COMPARE_LABELS } from '../../filters/compare';
import type { ViewPlan } from '../../filters/view-plan';
import { metricQueries } from '../../metrics/queries';
import { comparisonState } from '../../views/comparison-status';

/**
 * The comparison period: the same request over the compared dates, walked like this period's (cached, aborted when
 * the request changes, each page retried by itself), when `enabled`. No comparison, no query (not a disabled one
 * under some other request's key).
 */
export function useMetricComparison(props: {
  metric: Metric;
  locationId: number;
  comparison: ViewPlan['comparison'];
  enabled: boolean;
}) {
  const { metric, locationId, comparison, enabled } = props;
  const { client } = useAppContext();
  const options = comparison && {
    ...metricQueries.series(client, { metric, locationId, request: comparison.request, open: comparison.open }),
    enabled,
  };
  const query = useQueries<NonNullable<typeof options>[]>({ queries: options ? [options] : [] })[0];
  const walk = query?.data;
  const pages: WalkedPage[] | undefined = walk && walkPages(walk);
  const complete = walk !== undefined && isWalkComplete(walk);
  return {
    query,
    pages,
    complete,
    label: comparison ? COMPARE_LABELS[comparison.mode] : '',
    state: comparisonState({ complete, fetching: query?.fetchStatus === 'fetching', error: query?.error }),
  };
}
