/**
 * "At a glance": the answer above the table, as a row of figure cards over the spaces listed (locations with
 * nothing below them): how many are under-used, how many reach near full at peak, the places they need against the
 * places they have, and the busiest and emptiest (linked to their utilization pages). Every number is
 * summarizePortfolio's (analysis/portfolio.ts), each card a `[data-kpi][data-value]` with its definition one hover or
 * focus away, as on the location pages.
 */
import { plural, t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { Link } from '../../lib/router/links';

import { i18n } from '@lingui/core';

import {
  summarizePortfolio,
  PORTFOLIO_SUMMARY_KEYS,
  type PortfolioBands,
  type PortfolioSummary,
  type PortfolioSummaryKey,
  type RankedSpace,
} from '../../analysis/portfolio';
import { FigureCard } from '../../components/figure-card';
import { RELEASE_COST_DEFINITION, releaseCost } from '../../analysis/release-cost';
import { PanelHeader } from '../../components/panel-header';
import { PanelPeriod } from '../../components/panel-period';
import type { PlaceCost } from '../../config/runtime-config';
import { formatCount, formatYearly, percent } from '../../lib/format';
import { portfolioSummaryDefinitions } from './summary-definitions';
import type { TableRow } from './table-row';

/** One card: what FigureCard shows, and the space it names (busiest, emptiest), if any. */
export interface SummaryCard {
  name: PortfolioSummaryKey | 'release-cost';
  label: string;
  value: number | null;
  text: { value: string; detail?: string };
  definition: string;
  formula: string;
  /** The space a ranked card names: null while there is none (yet); absent on other cards. */
  space?: RankedSpace | null;
}

/**
 * The summary's cards, in order, as people read them ("1" "of 9 spaces"); "—" for what is not known yet. With a
 * cost per place configured, the yearly cost of the places to release follows them (`release-cost`).
 */
export function summaryCards(summary: PortfolioSummary, bands: PortfolioBands, cost?: PlaceCost | null): SummaryCard[] {
  const definitions = portfolioSummaryDefinitions(bands);
  const { loaded } = summary;
  const ofSpaces = plural(loaded, { one: 'of # space', other: 'of # spaces' });
  const none = { value: '—', detail: loaded === 0 ? t`loading` : t`no data` };
  const places = (value: number) =>
    summary.capacity > 0
      ? { value, text: { value: formatCount(value), detail: plural(value, { one: 'place', other: 'places' }) } }
      : { value: null, text: none };
  const count = (value: number) => (loaded === 0 ? none : { value: formatCount(value), detail: ofSpaces });
  const values: Record<PortfolioSummaryKey, Pick<SummaryCard, 'value' | 'text' | 'space'>> = {
    'under-used-spaces': { value: loaded === 0 ? null : summary.underUsed, text: count(summary.underUsed) },
    'near-full-spaces': { value: loaded === 0 ? null : summary.nearFull, text: count(summary.nearFull) },
    'places-needed':
      summary.capacity > 0
        ? {
            value: summary.rightSize,
            text: {
              value: formatCount(summary.rightSize),
              detail: plural(summary.capacity, { one: 'of # place', other: 'of # places' }),
            },
          }
        : { value: null, text: none },
    'places-to-release': places(summary.toRelease),
    'places-short': places(summary.short),
    'spaces-with-gaps':
      loaded === 0
        ? { value: null, text: none }
        : {
            value: summary.withGaps,
            text: {
              value: formatCount(summary.withGaps),
              detail: t`${ofSpaces}; ${plural(summary.silent, { other: '# silent for more than a day' })}`,
            },
          },
    'busiest-space': ranked(summary.busiest, none),
    'emptiest-space': ranked(summary.emptiest, none),
  };
  const cards: SummaryCard[] = PORTFOLIO_SUMMARY_KEYS.map((name) => ({
    name,
    ...definitions[name],
    ...values[name],
  }));
  if (cost) {
    const toRelease = values['places-to-release'].value;
    const value = releaseCost(toRelease, cost.perPlace);
    const at = cards.findIndex((card) => card.name === 'places-to-release') + 1;
    cards.splice(at, 0, {
      name: 'release-cost',
      label: i18n._(RELEASE_COST_DEFINITION.label),
      definition: i18n._(RELEASE_COST_DEFINITION.definition),
      formula: RELEASE_COST_DEFINITION.formula,
      value,
      text: value === null ? none : { value: formatYearly(value, cost.currency) },
    });
  }
  return cards;
}

/** How many spaces have figures while the rest load: "so far 3 of 9 spaces, the rest loading". */
function soFar(loaded: number, spaces: number): string {
  const done = formatCount(loaded);
  return t`so far ${done} of ${plural(spaces, { one: '# space', other: '# spaces' })}, the rest loading`;
}

function ranked(space: RankedSpace | null, none: SummaryCard['text']): Pick<SummaryCard, 'value' | 'text' | 'space'> {
  if (!space) return { value: null, text: none, space: null };
  return { value: space.averageUtilization, text: { value: percent(space.averageUtilization) }, space };
}

export function PortfolioSummaryPanel(props: {
  summary: PortfolioSummary;
  bands: PortfolioBands;
  linkSearch: string;
  cost: PlaceCost | null;
}) {
  const { summary, bands, linkSearch, cost } = props;
  const { spaces, loaded } = summary;
  return (
    // Busy while some spaces' figures are still to come: what it says is so far.
    <section className="panel portfolio-summary" aria-label={t`Portfolio summary`} aria-busy={loaded < spaces}>
      <PanelHeader
        title={
          <>
            {t`At a glance`}
            <PanelPeriod
              period={
                spaces === 0
                  ? null
                  : loaded < spaces
                    ? soFar(loaded, spaces)
                    : plural(spaces, { one: '# space', other: '# spaces' })
              }
            />
          </>
        }
      />
      {spaces === 0 ? (
        <p className="empty">{t`No space is listed.`}</p>
      ) : (
        <dl className="figures portfolio-figures">
          {summaryCards(summary, bands, cost).map(({ space, ...card }) => (
            <FigureCard key={card.name} {...card}>
              {space ? (
                <dd className="figure-detail figure-space">
                  <Link to={{ pathname: `/locations/${space.locationId}/utilization`, search: linkSearch }}>
                    {space.name}
                  </Link>
                </dd>
              ) : (
                // The name's line held while there is none, so the card does not grow when it comes.
                space === null && (
                  <dd className="figure-detail figure-space" aria-hidden="true">
                    {'\u00a0'}
                  </dd>
                )
              )}
            </FigureCard>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The summary over the spaces listed (rows with nothing below them), as the rows change. */
export function usePortfolioSummary(rows: readonly TableRow[], bands: PortfolioBands): PortfolioSummary {
  return useMemo(
    () =>
      summarizePortfolio(
        rows.flatMap(({ entry: { record }, hasChildren, figures, health }) =>
          hasChildren ? [] : [{ locationId: record.location_id, name: record.name, figures, health }],
        ),
        bands,
      ),
    [rows, bands],
  );
}
