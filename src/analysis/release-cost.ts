/**
 * `release-cost`: what the places a location could release cost a year, at `costPerPlacePerYear` each (config.json),
 * a yearly amount whatever the dates shown, since places are paid for by the year. Apart from analysis/portfolio.ts,
 * so that a page showing it per location (the utilization page) does not load the portfolio's figures. Pure.
 */
import { msg } from '@lingui/core/macro';

import type { FigureDefinition } from './figures';

/** The places a location could release: capacity − right-size P95 when positive, else none; null without P95. */
export function placesToRelease(figures: { capacity: number; rightSizeP95: number | null }): number | null {
  return figures.rightSizeP95 === null ? null : Math.max(0, figures.capacity - figures.rightSizeP95);
}

/** The yearly cost of `places` places; null without places to release. */
export function releaseCost(places: number | null, costPerPlacePerYear: number): number | null {
  return places === null ? null : places * costPerPlacePerYear;
}

export const RELEASE_COST_DEFINITION: Pick<FigureDefinition, 'label' | 'definition' | 'formula'> = {
  label: msg`Yearly cost of places to release`,
  definition: msg`What the places to release cost a year, at the cost per place set in the configuration: what giving them up would save.`,
  formula: 'places to release × costPerPlacePerYear, a year',
};
