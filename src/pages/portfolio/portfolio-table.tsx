/**
 * The portfolio table: one row per listed location, virtualized (@tanstack/react-virtual), so that 1,650 rows put
 * a few dozen in the DOM. It is a real `<table>` (spacer rows above and below what is drawn) with `aria-rowcount`
 * and each drawn row's `aria-rowindex`, so a screen reader still hears how long it is and where it is. It renders;
 * what loads is the page's (portfolio-page.tsx), told which rows are on screen through `onVisible`.
 *
 * Its column headers are sort buttons that read as headers (the sorted one with its arrow and `aria-sort`); its
 * numbers line up at the right in tabular figures; a name has up to two lines (one, and its path under it, when
 * ranked), and "Only this" is a quiet filter icon named for what it does. On a phone the table scrolls sideways
 * inside its own named scroller, the Location column staying in view (portfolio-table.css), with taller rows.
 */
import '../../components/scroll-region.css';
import './portfolio-table.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';

import { FIGURE_DEFINITIONS } from '../../analysis/figures';
import type { DataHealth } from '../../analysis/coverage';
import { closedWords, type OpenState } from '../../analysis/open-hours';
import {
  capacitySurplus,
  CHANGE_DEFINITION,
  SURPLUS_DEFINITION,
  type PortfolioFigures,
} from '../../analysis/portfolio';
import { Sparkline } from '../../components/sparkline';
import type { PortfolioSort, PortfolioSortKey } from '../../filters/portfolio-params';
import { formatAge, formatCount, formatPoints, percent } from '../../lib/format';
import { formatDateRange, parseLocalDateTime } from '../../lib/time';
import type { TreeEntry } from '../../locations/location-tree';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';

export interface TableRow {
  entry: TreeEntry;
  /** Tree order: indent by depth. Ranked: show the path instead. */
  figures: PortfolioFigures | undefined;
  /** Data health as of the load (analysis/coverage.ts); none for kept rows. */
  health?: DataHealth | null;
  range: { start: string; end: string } | undefined;
  kept: boolean;
  failed: boolean;
  /** The live reading, and whether the place is open now (null: nothing tells). */
  now: { people: number | null; at: string | null; receivedMs: number; state?: OpenState | null } | undefined;
  hasChildren: boolean;
}

export interface Column {
  key: PortfolioSortKey;
  /** The header's words, and the sort button's name. */
  label: string;
  /** What the column holds: the header's description (on hover, and for screen readers). */
  description: string;
}

const figureColumn = (key: 'average-utilization' | 'peak-utilization', label?: string): Column => ({
  key,
  label: label ?? FIGURE_DEFINITIONS[key].label,
  description: FIGURE_DEFINITIONS[key].definition,
});

/**
 * The sortable columns, in order: the answer (how full, at most, and how that moved) first, then the live reading,
 * then capacity and what of it is needed. A phone sees the first of them beside the names.
 */
export const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Location', description: 'Name; campus › building › space.' },
  figureColumn('average-utilization'),
  figureColumn('peak-utilization'),
  {
    key: 'average-utilization-change',
    label: 'Change',
    description: `${CHANGE_DEFINITION.label}: ${CHANGE_DEFINITION.definition}`,
  },
  {
    key: 'occupancy-now',
    label: 'Now',
    description:
      'People present at the latest reading, as a share of capacity, and how long ago it was read; outside the open hours and days, closed and when it opens.',
  },
  {
    key: 'right-size-p95',
    label: 'Right-size P95',
    description: `${FIGURE_DEFINITIONS['right-size-p95'].label}: ${FIGURE_DEFINITIONS['right-size-p95'].definition}`,
  },
  { key: 'capacity', label: 'Capacity', description: 'Places, children included.' },
  {
    key: 'capacity-surplus',
    label: SURPLUS_DEFINITION.label,
    description: `${SURPLUS_DEFINITION.definition} ${SURPLUS_DEFINITION.formula}`,
  },
  {
    key: 'data-coverage',
    label: 'Data',
    description:
      'Data coverage: the share of the hourly windows expected over the dates shown (open hours and days, up to now) for which the API sent data; under it, how long ago its latest window ended.',
  },
];

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

export function PortfolioTable(props: {
  rows: readonly TableRow[];
  sort: PortfolioSort | null;
  onSort(key: PortfolioSortKey): void;
  onBranch(id: number): void;
  /** The filters' part of a location page's address. */
  linkSearch: string;
  nowMs: number;
  onVisible(range: { start: number; end: number }): void;
}) {
  const { rows, sort, onSort, linkSearch, nowMs, onVisible } = props;
  // One callback for every row, whatever the page passes: a row whose data is unchanged is not rendered again.
  const latestOnBranch = useRef(props.onBranch);
  useLayoutEffect(() => {
    latestOnBranch.current = props.onBranch;
  });
  const onBranch = useCallback((id: number) => latestOnBranch.current(id), []);
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = useMediaQuery(PHONE_QUERY) ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // jsdom and a first paint have no layout: draw a screenful anyway.
    initialRect: { width: 1200, height: 640 },
  });
  // A phone turned into a tablet (or back): every row is counted at its new height.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => onVisible({ start: first, end: last }), [first, last, onVisible]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = COLUMNS.length + 1;

  return (
    <div
      className="table-scroll portfolio-scroll"
      tabIndex={0}
      role="region"
      aria-label="Locations table"
      ref={scroller}
    >
      <table
        className="portfolio-table"
        aria-rowcount={rows.length + 1}
        style={{ '--row-height': `${rowHeight}px` } as CSSProperties}
      >
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className="col-daily">
              <span className="column-label">Daily average</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => (
            <Row
              key={rows[item.index]!.entry.record.location_id}
              row={rows[item.index]!}
              index={item.index}
              ranked={sort !== null}
              linkSearch={linkSearch}
              nowMs={nowMs}
              onBranch={onBranch}
            />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A column's header: a button that sorts by it, reading as the header's text (no box), its arrow when sorted. */
export function SortHeader(props: { column: Column; sort: PortfolioSort | null; onSort(key: PortfolioSortKey): void }) {
  const { column, sort, onSort } = props;
  const { arrow, active } = sortArrow(sort, column.key);
  return (
    <th scope="col" className={`col-${column.key}`} aria-sort={ariaSort(sort, column.key)}>
      <button type="button" className="sort-button" title={column.description} onClick={() => onSort(column.key)}>
        <span className="column-label">{column.label}</span>
        <span className="sort-arrow" data-active={active} aria-hidden="true">
          {arrow}
        </span>
      </button>
    </th>
  );
}

interface RowProps {
  row: TableRow;
  index: number;
  ranked: boolean;
  linkSearch: string;
  nowMs: number;
  onBranch(id: number): void;
}

/**
 * A row is rendered again only when what it shows changes: its location, figures, state or live reading, or how
 * the table places it. The page builds its rows anew as any row's data arrives; the others stay as they are.
 */
const Row = memo(RowCells, (previous, next) => {
  const [a, b] = [previous.row, next.row];
  return (
    a.entry === b.entry &&
    a.figures === b.figures &&
    a.health === b.health &&
    a.kept === b.kept &&
    a.failed === b.failed &&
    a.hasChildren === b.hasChildren &&
    a.range?.start === b.range?.start &&
    a.range?.end === b.range?.end &&
    a.now?.people === b.now?.people &&
    a.now?.at === b.now?.at &&
    a.now?.receivedMs === b.now?.receivedMs &&
    closedText(a.now?.state) === closedText(b.now?.state) &&
    previous.index === next.index &&
    previous.ranked === next.ranked &&
    previous.linkSearch === next.linkSearch &&
    previous.nowMs === next.nowMs &&
    previous.onBranch === next.onBranch
  );
});

function RowCells(props: RowProps) {
  const { row, index, ranked, linkSearch, nowMs, onBranch } = props;
  const { record, depth, path } = row.entry;
  const id = record.location_id;
  const figures = row.figures;
  const capacity = figures?.capacity ?? record.capacity;
  const pending = row.failed ? 'failed' : figures ? null : 'loading';
  const within = path.slice(0, -1).join(' › ');
  return (
    <tr
      data-location-id={id}
      data-children={row.hasChildren ? 'true' : undefined}
      aria-rowindex={index + 2}
      className={row.kept ? 'kept' : undefined}
    >
      <th
        scope="row"
        className={row.hasChildren ? 'location-cell is-parent' : 'location-cell'}
        style={{ '--depth': ranked ? 0 : depth } as CSSProperties}
      >
        <div className="location-cell-content">
          <span className="location-name">
            <Link
              to={{ pathname: `/locations/${id}/utilization`, search: linkSearch }}
              title={within ? `${record.name} (in ${within})` : record.name}
            >
              {record.name}
            </Link>
            {ranked && within && <span className="row-path">{within}</span>}
          </span>
          {row.hasChildren && (
            <button
              type="button"
              className="branch-button"
              onClick={() => onBranch(id)}
              aria-label={`Show only ${record.name} and what is in it`}
              title={`Show only ${record.name} and what is in it`}
            >
              <svg className="branch-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M2.5 3.5h11l-4.25 5v4l-2.5-1.25V8.5z" />
              </svg>
            </button>
          )}
        </div>
      </th>
      <FigureCell name="average-utilization" value={figures?.averageUtilization} pending={pending}>
        {(value) => (
          <>
            <UtilizationBar value={value} />
            {percent(value)}
          </>
        )}
      </FigureCell>
      <FigureCell name="peak-utilization" value={figures?.peakUtilization} pending={pending}>
        {(value) => percent(value)}
      </FigureCell>
      <FigureCell
        name="average-utilization-change"
        value={figures?.averageUtilizationChange}
        pending={pending}
        missing="no change to show"
      >
        {(value) => formatPoints(value)}
      </FigureCell>
      <NowCell now={row.now} capacity={capacity} nowMs={nowMs} />
      <FigureCell name="right-size-p95" value={figures?.rightSizeP95} pending={pending}>
        {(value) => formatCount(value)}
      </FigureCell>
      <td data-value={capacity}>{formatCount(capacity)}</td>
      <FigureCell name="capacity-surplus" value={figures && capacitySurplus(figures)} pending={pending}>
        {(value) => (value < 0 ? `${formatCount(-value)} short` : formatCount(value))}
      </FigureCell>
      <FigureCell name="data-coverage" value={row.health?.coverage} pending={row.kept ? null : pending}>
        {(value) => (
          <>
            {percent(value)}
            {typeof row.health?.latestMs === 'number' && (
              <span className="reading-age">{formatAge(nowMs - row.health.latestMs)}</span>
            )}
          </>
        )}
      </FigureCell>
      <td className="col-daily">
        {figures && row.range && (
          <Sparkline
            values={figures.daily}
            label={`Daily average utilization of ${record.name}, ${formatDateRange(row.range.start, row.range.end)}`}
          />
        )}
      </td>
    </tr>
  );
}

/**
 * One figure of a row: its raw number in `data-kpi`/`data-value`, its text; while it loads a quiet bar (its words
 * for screen readers), "failed to load" when it could not, and a dash for nothing to show (its words too).
 */
function FigureCell(props: {
  name: string;
  value: number | null | undefined;
  pending: 'loading' | 'failed' | null;
  missing?: string;
  children(value: number): ReactNode;
}) {
  const { name, value, pending, missing = 'no data', children } = props;
  return (
    <td data-kpi={name} data-value={value ?? ''}>
      {pending === 'loading' ? (
        <span className="cell-loading">
          <span className="visually-hidden">loading…</span>
        </span>
      ) : pending === 'failed' ? (
        <span className="cell-failed">failed to load</span>
      ) : value === null || value === undefined ? (
        <Missing text={missing} />
      ) : (
        children(value)
      )}
    </td>
  );
}

/** How full, at a glance: a short bar of the share of capacity (full at 100 %), beside the number it draws. */
function UtilizationBar({ value }: { value: number }) {
  return (
    <span className="utilization-bar" aria-hidden="true">
      <span style={{ width: `${Math.min(Math.max(value, 0), 1) * 100}%` }} />
    </span>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <span className="cell-missing" title={text}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

/** The words of a closed place, or null for an open one or one nothing tells about. */
function closedText(state: OpenState | null | undefined): string | null {
  return state && !state.open ? closedWords(state) : null;
}

function NowCell({ now, capacity, nowMs }: { now: TableRow['now']; capacity: number; nowMs: number }) {
  if (!now) return <td data-kpi="occupancy-now" data-value="" />;
  const closed = closedText(now.state);
  if (closed !== null) {
    // Two lines, as an open place's reading and its age: "Closed", then when it opens.
    const [state, ...opens] = closed.split(' · ');
    return (
      <td data-kpi="occupancy-now" data-value="" data-open="false">
        <span className="now-reading now-closed">{state}</span>
        {opens.length > 0 && (
          <>
            {' '}
            <span className="reading-age">{opens.join(' · ')}</span>
          </>
        )}
      </td>
    );
  }
  const { people, at, receivedMs } = now;
  const takenMs = at ? parseLocalDateTime(at).instantMs : receivedMs;
  return (
    <td data-kpi="occupancy-now" data-value={people ?? ''}>
      {people === null ? (
        <Missing text="no reading" />
      ) : (
        <>
          <span className="now-reading">
            {formatCount(people)}
            {capacity > 0 && <span className="now-share"> · {percent(people / capacity)}</span>}
          </span>
          <span className="reading-age">{formatAge(nowMs - takenMs)}</span>
        </>
      )}
    </td>
  );
}
