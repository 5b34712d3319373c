/** What a location page's body is given by its view (location-view.tsx), once the location's clock is known. */
import type { ReactNode } from 'react';

import type { LocationRecord } from '../api/schemas';
import type { LocationClock } from '../locations/location-zone';
import type { KeptViewState } from './use-kept-view';

export type ReadyClock = Extract<LocationClock, { status: 'ready' }>;

export interface LocationViewProps {
  locationId: number;
  record: LocationRecord | undefined;
  /** Every record the server lists (or the configured ones). */
  records: readonly LocationRecord[];
  clock: ReadyClock;
  nowMs: number;
  /** What every location page's header and toolbar hold: the way back to all locations, the views, the picker. */
  navigation: LocationNavigation;
  /** The network, and what this browser kept of the view while it is down. */
  kept: KeptViewState;
}

export interface LocationNavigation {
  back: ReactNode;
  tabs: ReactNode;
  picker: ReactNode;
}
