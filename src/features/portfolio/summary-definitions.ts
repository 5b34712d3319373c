/**
 * What each of the portfolio summary's figures is called and means, in the language in force: the labels name the
 * configured bands, so they are made from them ("Under 30.0 % on average"). The numbers are summarizePortfolio's
 * (analysis/portfolio.ts); this only says what they are. Formulas are in the API's and the figures' English names,
 * the same in every language.
 */
import { t } from '@lingui/core/macro';

import type { FigureDefinition } from '../../analysis/figures';
import type { PortfolioBands, PortfolioSummaryKey } from '../../analysis/portfolio';
import { percent } from '../../lib/format';

type Described = Pick<FigureDefinition, 'formula'> & { label: string; definition: string };

export function portfolioSummaryDefinitions(bands: PortfolioBands): Readonly<Record<PortfolioSummaryKey, Described>> {
  const under = percent(bands.underUsedBelow);
  const nearFull = percent(bands.nearFullAt);
  const rightSize = 'right-size capacity (95th percentile)';
  return {
    'under-used-spaces': {
      label: t`Under ${under} on average`,
      definition: t`How many of the spaces (locations with nothing listed below them) with figures were under ${under} average utilization over the dates shown.`,
      formula: `count of spaces with average utilization < ${under}`,
    },
    'near-full-spaces': {
      label: t`${nearFull} or more at peak`,
      definition: t`How many of the spaces (locations with nothing listed below them) with figures reached ${nearFull} of their capacity or more in at least one hour.`,
      formula: `count of spaces with peak utilization ≥ ${nearFull}`,
    },
    'places-needed': {
      label: t`Places needed (P95)`,
      definition: t`The places the spaces would need to hold everyone in 95 % of open hours, against the places they have.`,
      formula: `Σ ${rightSize}, of Σ capacity, over the spaces with a ${rightSize}`,
    },
    'places-to-release': {
      label: t`Places to release`,
      definition: t`The places the spaces have beyond what they needed in 95 % of open hours, added up over the spaces with more than they needed.`,
      formula: `Σ max(0, capacity − ${rightSize}), over the spaces with a ${rightSize}`,
    },
    'places-short': {
      label: t`Places short`,
      definition: t`The places the spaces lacked to hold everyone in 95 % of open hours, added up over the spaces with fewer than they needed.`,
      formula: `Σ max(0, ${rightSize} − capacity), over the spaces with a ${rightSize}`,
    },
    'spaces-with-gaps': {
      label: t`Spaces with gaps`,
      definition: t`How many of the spaces (locations with nothing listed below them) with figures lack data for some of the hourly windows the API should have sent over the dates shown (open hours and days, up to now), and how many of them have sent nothing for more than a day.`,
      formula: 'count of spaces with data coverage < 1; silent: a gap reaching now that began more than 24 hours ago',
    },
    'busiest-space': {
      label: t`Busiest space`,
      definition: t`The space with the highest average utilization over the dates shown.`,
      formula: 'argmax average utilization over the spaces; ties → the lower location id',
    },
    'emptiest-space': {
      label: t`Emptiest space`,
      definition: t`The space with the lowest average utilization over the dates shown.`,
      formula: 'argmin average utilization over the spaces; ties → the lower location id',
    },
  };
}
