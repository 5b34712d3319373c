/**
 * A query the portfolio's planners ask for (row-planner.ts), given up when its row is no longer wanted: read from
 * the cache while it is fresh, else fetched; when `signal` aborts, the query is cancelled (its requests aborted)
 * and left as it was before, so that a later ask fetches it anew.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export async function fetchWhileWanted<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
  signal: AbortSignal,
): Promise<T> {
  signal.throwIfAborted();
  const cancel = () => void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await queryClient.fetchQuery(options);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
