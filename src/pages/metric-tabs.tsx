/** Links to the four metrics of a location; switching keeps the filters (the search string). */
import { NavLink } from 'react-router';

import { METRIC_DEFINITIONS, type MetricDefinition } from '../metrics/definitions';

export function MetricTabs({
  locationId,
  current,
  search,
}: {
  locationId: number;
  current: MetricDefinition;
  search: string;
}) {
  return (
    <nav aria-label="Metric" className="metric-tabs">
      {METRIC_DEFINITIONS.map((definition) => (
        <NavLink
          key={definition.slug}
          to={{ pathname: `/locations/${locationId}/${definition.slug}`, search }}
          aria-current={definition === current ? 'page' : undefined}
        >
          {definition.label}
        </NavLink>
      ))}
    </nav>
  );
}
