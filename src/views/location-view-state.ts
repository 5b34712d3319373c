/**
 * A location view's state, read from its address: the filters, what the link asked for and could not be used,
 * the page's defaults (which a copied link leaves out) and the comparison period. `LocationView` reads it once and
 * gives it to everything under it, the head and the page's body alike (`useLocationViewState`).
 */
import { createContext, useContext, useMemo } from 'react';

import { useAppContext } from '../config/app-context';
import type { FilterDefaults, Filters } from '../filters/model';
import { useCompare, type UseCompareResult } from '../filters/use-compare';
import { useFilters, type UseFiltersResult } from '../filters/use-filters';
import type { MetricDefinition } from '../metrics/definitions';
import { filterDefaults } from './location-route';
import type { LocationViewProps } from './location-view-props';

export interface LocationViewState {
  /** The location, its records, its clock, the header's navigation and what the browser kept. */
  view: LocationViewProps;
  /** The view shown: a metric, or the utilization view. */
  definition: MetricDefinition;
  filters: Filters;
  setFilters: UseFiltersResult['setFilters'];
  /** What the link asked for and could not be used: the filters' and the comparison's. */
  ignored: readonly string[];
  /** The page's defaults, which a copied link leaves out. */
  defaults: FilterDefaults;
  /** The comparison period (`compare`). */
  compare: UseCompareResult;
}

export type AddressState = Omit<LocationViewState, 'view'>;

/** The state the address gives a view of `definition` (LocationView reads it; pages use `useLocationViewState`). */
export function useAddressState(definition: MetricDefinition): AddressState {
  const { config } = useAppContext();
  const defaults = useMemo(() => filterDefaults(config, definition), [config, definition]);
  const { filters, ignored: filtersIgnored, setFilters } = useFilters(definition, defaults);
  const compare = useCompare();
  const ignored = useMemo(
    () => (compare.ignored ? [...filtersIgnored, compare.ignored] : filtersIgnored),
    [filtersIgnored, compare.ignored],
  );
  return { definition, filters, setFilters, ignored, defaults, compare };
}

export const LocationViewContext = createContext<LocationViewState | null>(null);

/** The state of the location view this component is in (under `LocationView`, once the clock is known). */
export function useLocationViewState(): LocationViewState {
  const state = useContext(LocationViewContext);
  if (!state) throw new Error('useLocationViewState is used outside a LocationView');
  return state;
}
