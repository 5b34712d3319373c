/**
 * "At a glance": the answer above the table, as a row of figure cards over the spaces listed (locations with
 * nothing below them): how many are under-used, how many reach near full at peak, the places they need against the
 * places they have, and the busiest and emptiest (linked to their utilization pages). Every number is
 * summarizePortfolio's (analysis/portfolio.ts), each card a `[data-kpi][data-value]` with its definition one hover or
 * focus away, as on the location pages.
 */
import { Link } from '../../lib/router/links';

import {
  PORTFOLIO_SUMMARY_KEYS,
  portfolioSummaryDefinitions,
  type PortfolioBands,
  type PortfolioSummary,
  type PortfolioSummaryKey,
  type RankedSpace,
} from '../../analysis/portfolio';
import { FigureCard } from '../../components/figure-card';
import { PanelHeader } from '../../components/panel-header';
import { PanelPeriod } from '../../components/panel-period';
import { formatCount, percent } from '../../lib/format';

/** One card: what FigureCard shows, and the space it names (busiest, emptiest), if any. */
export interface SummaryCard {
  name: PortfolioSummaryKey;
  label: string;
  value: number | null;
  text: { value: string; detail?: string };
  definition: string;
  formula: string;
  space?: RankedSpace;
}

/** The summary's cards, in order, as people read them ("1" "of 9 spaces"); "—" for what is not known yet. */
export function summaryCards(summary: PortfolioSummary, bands: PortfolioBands): SummaryCard[] {
  const definitions = portfolioSummaryDefinitions(bands);
  const { loaded } = summary;
  const ofSpaces = `of ${formatCount(loaded)} ${loaded === 1 ? 'space' : 'spaces'}`;
  const none = { value: '—', detail: loaded === 0 ? 'loading' : 'no data' };
  const places = (value: number) =>
    summary.capacity > 0
      ? { value, text: { value: formatCount(value), detail: value === 1 ? 'place' : 'places' } }
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
              detail: `of ${formatCount(summary.capacity)} places`,
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
              detail: `${ofSpaces}; ${formatCount(summary.silent)} silent for more than a day`,
            },
          },
    'busiest-space': ranked(summary.busiest, none),
    'emptiest-space': ranked(summary.emptiest, none),
  };
  return PORTFOLIO_SUMMARY_KEYS.map((name) => ({
    name,
    ...definitions[name],
    ...values[name],
  }));
}

function ranked(space: RankedSpace | null, none: SummaryCard['text']): Pick<SummaryCard, 'value' | 'text' | 'space'> {
  if (!space) return { value: null, text: none };
  return { value: space.averageUtilization, text: { value: percent(space.averageUtilization) }, space };
}

export function PortfolioSummaryPanel(props: { summary: PortfolioSummary; bands: PortfolioBands; linkSearch: string }) {
  const { summary, bands, linkSearch } = props;
  const { spaces, loaded } = summary;
  return (
    <section className="panel portfolio-summary" aria-label="Portfolio summary">
      <PanelHeader
        title={
          <>
            At a glance
            <PanelPeriod
              period={
                spaces === 0
                  ? null
                  : loaded < spaces
                    ? `so far ${formatCount(loaded)} of ${formatCount(spaces)} spaces, the rest loading`
                    : `${formatCount(spaces)} ${spaces === 1 ? 'space' : 'spaces'}`
              }
            />
          </>
        }
      />
      {spaces === 0 ? (
        <p className="empty">No space is listed.</p>
      ) : (
        <dl className="figures portfolio-figures">
          {summaryCards(summary, bands).map(({ space, ...card }) => (
            <FigureCard key={card.name} {...card}>
              {space && (
                <dd className="figure-detail figure-space">
                  <Link to={{ pathname: `/locations/${space.locationId}/utilization`, search: linkSearch }}>
                    {space.name}
                  </Link>
                </dd>
              )}
            </FigureCard>
          ))}
        </dl>
      )}
    </section>
  );
}
