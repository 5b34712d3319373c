/**
 * `/`: the configured default location's utilization page; else the portfolio when the token sees more than one
 * location (the server's list, or the configured one); else that one location's utilization page; the filters of
 * the URL kept. The list is waited for: the configured locations are the fallback only when the server has no
 * `/locations`, lists none, or fails to answer.
 */
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '../lib/router/links';
import { useLocation, useNavigate } from '../lib/router/router';

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
  const ids = list.data?.length ? list.data.map((r) => r.location_id) : config.locations.map((l) => l.id);
  const listed = list.isPending ? undefined : ids[0];
  const target = config.defaultLocationId ?? listed;
  const open = (id: number) => navigate({ pathname: `/locations/${id}/${UTILIZATION_VIEW.slug}`, search });

  if (config.defaultLocationId === undefined && !list.isPending && ids.length > 1)
    return <Navigate replace to={{ pathname: '/portfolio', search }} />;
  if (target !== undefined)
    return <Navigate replace to={{ pathname: `/locations/${target}/${UTILIZATION_VIEW.slug}`, search }} />;
  if (list.error) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return <Skeleton label={t`Loading locations`} text={t`Loading locations…`} />;
  }
  return (
    <section className="panel">
      <h1>{t`Choose a location`}</h1>
      <p>{t`The server lists no locations and none is configured. Type a location number to open it.`}</p>
      <LocationPicker current={0} records={[]} onChoose={open} />
    </section>
  );
}
