/** Links to the views of a location (utilization, then the four metrics); switching keeps the filters. */
import '../components/segmented-control.css';
import './metric-tabs.css';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import { NavLink } from '../lib/router/links';

import { METRIC_DEFINITIONS, UTILIZATION_VIEW, type MetricDefinition } from '../metrics/definitions';

const VIEWS = [UTILIZATION_VIEW, ...METRIC_DEFINITIONS];

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
    <nav aria-label={t`View`} className="metric-tabs">
      {VIEWS.map((definition) => (
        <NavLink
          key={definition.slug}
          to={{ pathname: `/locations/${locationId}/${definition.slug}`, search }}
          aria-current={definition === current ? 'page' : undefined}
        >
          {i18n._(definition.label)}
        </NavLink>
      ))}
    </nav>
  );
}
