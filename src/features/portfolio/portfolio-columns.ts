/** The portfolio table's columns: what each holds, how its header sorts, and the rows' heights. */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import { FIGURE_DEFINITIONS } from '../../analysis/figures';
import { CHANGE_DEFINITION, SURPLUS_DEFINITION } from '../../analysis/portfolio';
import type { PortfolioSort, PortfolioSortKey } from './portfolio-params';

export interface Column {
  key: PortfolioSortKey;
  /** The header's words, and the sort button's name. */
  label: string;
  /** What the column holds: the header's description (on hover, and for screen readers). */
  description: string;
}

const figureColumn = (key: 'average-utilization' | 'peak-utilization'): Column => ({
  key,
  label: i18n._(FIGURE_DEFINITIONS[key].label),
  description: i18n._(FIGURE_DEFINITIONS[key].definition),
});

/** A name and what it means, as a header's description says it. */
const named = (name: string, meaning: string) => t`${name}: ${meaning}`;

/**
 * The sortable columns, in order: the answer (how full, at most, and how that moved) first, then the live reading,
 * then capacity and what of it is needed. A phone sees the first of them beside the names. In the language in force.
 */
export function portfolioColumns(): readonly Column[] {
  const rightSize = FIGURE_DEFINITIONS['right-size-p95'];
  return [
    { key: 'name', label: t`Location`, description: t`Name; campus › building › space.` },
    figureColumn('average-utilization'),
    figureColumn('peak-utilization'),
    {
      key: 'average-utilization-change',
      label: t`Change`,
      description: named(i18n._(CHANGE_DEFINITION.label), i18n._(CHANGE_DEFINITION.definition)),
    },
    {
      key: 'occupancy-now',
      label: t`Now`,
      description: t`People present at the latest reading, as a share of capacity, and how long ago it was read; outside the open hours and days, closed and when it opens.`,
    },
    {
      key: 'right-size-p95',
      label: t`Right-size P95`,
      description: named(i18n._(rightSize.label), i18n._(rightSize.definition)),
    },
    { key: 'capacity', label: t`Capacity`, description: t`Places, children included.` },
    {
      key: 'capacity-surplus',
      label: i18n._(SURPLUS_DEFINITION.label),
      description: i18n._(SURPLUS_DEFINITION.definition),
    },
    {
      key: 'data-coverage',
      label: t`Data`,
      description: t`Data coverage: the share of the hourly windows expected over the dates shown (open hours and days, up to now) for which the API sent data; under it, how long ago its latest window ended.`,
    },
  ];
}

/** A row's height in px, as the virtualizer counts it and the stylesheet draws it (`--row-height`). */
export const ROW_HEIGHT = { wide: 44, narrow: 56 } as const;

/** What `aria-sort` says on a column's header: only the sorted column has one. */
export function ariaSort(sort: PortfolioSort | null, key: PortfolioSortKey): 'ascending' | 'descending' | undefined {
  if (sort?.key !== key) return undefined;
  return sort.descending ? 'descending' : 'ascending';
}

/**
 * The arrow a header shows: the sorted column's direction; on another column, shown only on hover or focus, the
 * direction a press would sort it (figures from the highest, names from A).
 */
export function sortArrow(sort: PortfolioSort | null, key: PortfolioSortKey): { arrow: '↑' | '↓'; active: boolean } {
  if (sort?.key === key) return { arrow: sort.descending ? '↓' : '↑', active: true };
  return { arrow: key === 'name' ? '↑' : '↓', active: false };
}
