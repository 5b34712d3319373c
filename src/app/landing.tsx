/**
 * `/`: the configured default location, else the first location the server lists (in its order), else the first
 * configured one; its utilization page, with the filters of the URL kept. The list is waited for: the configured
 * locations are the fallback only when the server has no `/locations`, lists none, or fails to answer.
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { ErrorPanel } from '../components/error-panel';
import { Skeleton } from '../components/skeleton';
import { useAppContext } from '../config/app-context';
import { LocationPicker } from '../locations/location-picker';
import { locationQueries } from '../locations/queries';
import { UTILIZATION_VIEW } from '../metrics/definitions';

export function Landing() {
  const { config, client } = useAppContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const list = useQuery({ ...locationQueries.list(client), enabled: config.defaultLocationId === undefined });
  const listed = list.isPending ? undefined : (list.data?.[0]?.location_id ?? config.locations[0]?.id);
  const target = config.defaultLocationId ?? listed;
  const open = (id: number) => navigate({ pathname: `/locations/${id}/${UTILIZATION_VIEW.slug}`, search });

  if (target !== undefined)
    return <Navigate replace to={{ pathname: `/locations/${target}/${UTILIZATION_VIEW.slug}`, search }} />;
  if (list.error) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return <Skeleton label="Loading locations" text="Loading locations…" />;
  }
  return (
    <section className="panel">
      <h1>Choose a location</h1>
      <p>The server lists no locations and none is configured. Type a location number to open it.</p>
      <LocationPicker current={0} records={[]} onChoose={open} />
    </section>
  );
}
