/**
 * The headline figures: each an element with `data-kpi="<name>"` and its raw number in `data-value` (so tests
 * and embeds read the number, not its formatting), its definition one hover or focus away, and, with a
 * comparison, its change against the other period. Numbers come from analysis/figures.ts only.
 */
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';

import { FIGURE_DEFINITIONS, FIGURE_KEYS, type FigureDeltas, type FigureKey, type Figures } from '../analysis/figures';
import type { ComparisonMode } from '../analysis/periods';
import { ErrorPanel } from '../components/error-panel';
import { FigureSlot } from '../components/figure-card';
import { FigureDelta, formatFigureValue } from '../components/figure-delta';
import { Panel } from '../components/panel-header';
import { DownloadButton } from '../export/download-button';
import type { ViewContext } from '../export/context';
import { placesToRelease, releaseCost } from '../analysis/release-cost';
import type { PlaceCost } from '../config/runtime-config';
import { formatCount as formatNumber, formatYearly } from '../lib/format';
import { formatWall, parseLocalDateTime } from '../lib/time';

export interface FiguresPanelProps {
  figures: Figures | undefined;
  capacity: number | undefined;
  error: Error | null;
  onRetry(): void;
  /** Changes against the comparison period, and what it is called. */
  comparison?: {
    deltas: FigureDeltas | undefined;
    label: string;
    /** Why no change will come until the user retries (the comparison did not load). */
    unavailable?: string | null;
  };
  /** Offers the figures as CSV (not on the kiosk): the view, and the comparison period, its dates and figures. */
  exportAs?: {
    context: ViewContext;
    comparison?: { mode: ComparisonMode; start: string; end: string; figures: Figures | undefined };
  };
  /** The period the figures cover, said beside the heading where no filter bar says it (the kiosk). */
  period?: string;
  /** The figures shown, in this order (a small wall shows fewer); every figure in the page's order by default. */
  shown?: readonly FigureKey[];
  /** The yearly cost of a place (config.json): the right-size figure then says what its places to release cost. */
  cost?: PlaceCost | null;
}

export function FiguresPanel({
  figures,
  capacity,
  error,
  onRetry,
  comparison,
  exportAs,
  period,
  shown = FIGURE_KEYS,
  cost,
}: FiguresPanelProps) {
  const compared = exportAs?.comparison;
  const download = async () => {
    const { saveFiguresCsv } = await import('../export/save-utilization');
    saveFiguresCsv(
      {
        figures: figures!,
        comparison: compared && { ...compared, deltas: comparison?.deltas },
      },
      exportAs!.context,
    );
  };
  return (
    <Panel
      title={t`Headline figures`}
      className="figures-panel"
      period={period}
      actions={
        exportAs && (
          <DownloadButton
            label={t`Download figures as CSV`}
            unavailable={
              !figures
                ? error
                  ? t`The figures did not load: retry first.`
                  : t`The figures are still loading.`
                : compared && !(compared.figures && comparison?.deltas)
                  ? t`The comparison period is still loading.`
                  : null
            }
            onDownload={download}
          />
        )
      }
    >
      {error && <ErrorPanel error={error} onRetry={onRetry} />}
      {!figures && !error && (
        <div className="visually-hidden" aria-busy="true" aria-label={t`Loading figures`}>
          {t`Computing the figures…`}
        </div>
      )}
      {/* One list from the places held to the figures: each card is filled in place (FigureSlot). */}
      {(figures || !error) && (
        <dl className="figures" aria-hidden={figures ? undefined : true}>
          {shown.map((key) => (
            <Figure
              key={key}
              name={key}
              figures={figures}
              capacity={capacity}
              comparing={comparison !== undefined}
              delta={comparison?.deltas?.[FIGURE_DEFINITIONS[key].field]}
              compareLabel={comparison?.label}
              unavailable={comparison?.unavailable}
              cost={key === 'right-size-p95' ? cost : null}
            />
          ))}
        </dl>
      )}
    </Panel>
  );
}

function Figure(props: {
  name: FigureKey;
  /** Absent while they are computed: the card holds its place. */
  figures: Figures | undefined;
  capacity: number | undefined;
  comparing: boolean;
  delta: number | null | undefined;
  compareLabel: string | undefined;
  unavailable: string | null | undefined;
  cost: PlaceCost | null | undefined;
}) {
  const { name, figures, capacity, comparing, delta, compareLabel, unavailable, cost } = props;
  const definition = FIGURE_DEFINITIONS[name];
  return (
    <FigureSlot
      name={name}
      label={i18n._(definition.label)}
      comparing={comparing}
      figure={
        figures && {
          value: figures[definition.field],
          text: figureText(name, figures, capacity),
          definition: i18n._(definition.definition),
          formula: definition.formula,
        }
      }
    >
      {compareLabel !== undefined && (
        <FigureDelta unit={definition.unit} delta={delta} label={compareLabel} unavailable={unavailable} />
      )}
      {figures && cost && capacity !== undefined && <ReleaseCost figures={figures} capacity={capacity} cost={cost} />}
    </FigureSlot>
  );
}

/** What the places a location could release cost a year (`release-cost`), as the portfolio's summary says it. */
function ReleaseCost({ figures, capacity, cost }: { figures: Figures; capacity: number; cost: PlaceCost }) {
  const value = releaseCost(placesToRelease({ capacity, rightSizeP95: figures.rightSizeP95 }), cost.perPlace);
  const words = value === null ? null : formatYearly(value, cost.currency);
  return (
    <dd className="figure-detail" data-kpi="release-cost" data-value={value ?? ''}>
      {words === null ? null : t`Places to release: ${words}`}
    </dd>
  );
}

/** A figure as people read it: its value, and when or of what; "no data" when there was nothing to compute it from. */
interface FigureText {
  value: string;
  detail?: string;
}

function figureText(name: FigureKey, figures: Figures, capacity: number | undefined): FigureText {
  const definition = FIGURE_DEFINITIONS[name];
  const value = figures[definition.field];
  if (value === null) return { value: t`no data` };
  switch (name) {
    case 'peak-occupancy': {
      const at = figures.peakOccupancyAt;
      const when = at ? formatWall(parseLocalDateTime(at).wallMs, 'EEE d MMM yyyy, HH:mm') : null;
      return {
        value: plural(value, { one: '# person', other: '# people' }),
        detail: when !== null ? t`on ${when}` : undefined,
      };
    }
    case 'right-size-p95': {
      // The number first; what it is measured against under it, so a card's value never wraps.
      const of = capacity ? formatNumber(capacity) : null;
      return {
        value: plural(value, { one: '# place', other: '# places' }),
        detail: of !== null ? t`of ${of}, enough in 95 % of open hours` : t`enough in 95 % of open hours`,
      };
    }
    default:
      return { value: formatFigureValue(definition.unit, value) };
  }
}

/** A figure as one line of text (figureText's value and detail). */
export function describeFigure(name: FigureKey, figures: Figures, capacity: number | undefined): string {
  const { value, detail } = figureText(name, figures, capacity);
  return detail ? `${value} ${detail}` : value;
}
