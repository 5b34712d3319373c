/**
 * The portfolio table: one row per listed location, virtualized (@tanstack/react-virtual), so that 1,650 rows put
 * a few dozen in the DOM. It is a real `<table>` (spacer rows above and below what is drawn) with `aria-rowcount`
 * and each drawn row's `aria-rowindex`, so a screen reader still hears how long it is and where it is. It renders;
 * what loads is the page's (portfolio-page.tsx), told which rows are on screen through `onVisible`.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { FIGURE_DEFINITIONS } from '../../analysis/figures';
import { CHANGE_DEFINITION, type PortfolioFigures } from '../../analysis/portfolio';
import { Sparkline } from '../../components/sparkline';
import type { PortfolioSort, PortfolioSortKey } from '../../filters/portfolio-params';
import { formatAge, formatCount, formatPoints, percent } from '../../lib/format';
import { formatDateRange, parseLocalDateTime } from '../../lib/time';
import type { TreeEntry } from '../../locations/location-tree';

export interface TableRow {
  entry: TreeEntry;
  /** Tree order: indent by depth. Ranked: show the path instead. */
  figures: PortfolioFigures | undefined;
  range: { start: string; end: string } | undefined;
  kept: boolean;
  failed: boolean;
  now: { people: number | null; at: string | null; receivedMs: number } | undefined;
  hasChildren: boolean;
}

interface Column {
  key: PortfolioSortKey;
  label: string;
  description: string;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Location', description: 'Name; campus › building › space.' },
  { key: 'capacity', label: 'Capacity', description: 'Places, children included.' },
  {
    key: 'occupancy-now',
    label: 'Now',
    description: 'People present at the latest reading, and as a share of capacity.',
  },
  ...(['average-utilization', 'peak-utilization', 'right-size-p95'] as const).map((key) => ({
    key,
    label: FIGURE_DEFINITIONS[key].label,
    description: FIGURE_DEFINITIONS[key].definition,
  })),
  { key: 'average-utilization-change', label: 'Change', description: CHANGE_DEFINITION.definition },
];

const ROW_HEIGHT = 44;

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
  const { rows, sort, onSort, onBranch, linkSearch, nowMs, onVisible } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // jsdom and a first paint have no layout: draw a screenful anyway.
    initialRect: { width: 1200, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => onVisible({ start: first, end: last }), [first, last, onVisible]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const ariaSort = (key: PortfolioSortKey) =>
    sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined;

  return (
    <div
      className="table-scroll portfolio-scroll"
      tabIndex={0}
      role="region"
      aria-label="Locations table"
      ref={scroller}
    >
      <table className="portfolio-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" aria-sort={ariaSort(column.key)} title={column.description}>
                <button type="button" onClick={() => onSort(column.key)}>
                  {column.label}
                </button>
              </th>
            ))}
            <th scope="col">Daily average</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={COLUMNS.length + 1} style={{ height: before }} />
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
              <td colSpan={COLUMNS.length + 1} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Row(props: {
  row: TableRow;
  index: number;
  ranked: boolean;
  linkSearch: string;
  nowMs: number;
  onBranch(id: number): void;
}) {
  const { row, index, ranked, linkSearch, nowMs, onBranch } = props;
  const { record, depth, path } = row.entry;
  const id = record.location_id;
  const figures = row.figures;
  const capacity = figures?.capacity ?? record.capacity;
  const state = row.failed ? 'failed to load' : figures ? undefined : 'loading…';
  return (
    <tr
      data-location-id={id}
      data-children={row.hasChildren ? 'true' : undefined}
      aria-rowindex={index + 2}
      className={row.kept ? 'kept' : undefined}
    >
      <th scope="row" style={ranked ? undefined : { paddingLeft: `${0.5 + depth * 1.25}rem` }}>
        <Link to={{ pathname: `/locations/${id}/utilization`, search: linkSearch }}>{record.name}</Link>
        {ranked && path.length > 1 && <span className="row-path">{path.slice(0, -1).join(' › ')}</span>}
        {row.hasChildren && (
          <button
            type="button"
            className="branch-button"
            onClick={() => onBranch(id)}
            aria-label={`Show only ${record.name} and what is in it`}
          >
            Only this
          </button>
        )}
      </th>
      <td data-value={capacity}>{formatCount(capacity)}</td>
      <NowCell now={row.now} capacity={capacity} nowMs={nowMs} />
      <td data-kpi="average-utilization" data-value={figures?.averageUtilization ?? ''}>
        {state ?? share(figures!.averageUtilization)}
      </td>
      <td data-kpi="peak-utilization" data-value={figures?.peakUtilization ?? ''}>
        {state ?? share(figures!.peakUtilization)}
      </td>
      <td data-kpi="right-size-p95" data-value={figures?.rightSizeP95 ?? ''}>
        {state ?? (figures!.rightSizeP95 === null ? 'no data' : formatCount(figures!.rightSizeP95))}
      </td>
      <td data-kpi="average-utilization-change" data-value={figures?.averageUtilizationChange ?? ''}>
        {state ??
          (figures!.averageUtilizationChange === null
            ? 'no change to show'
            : formatPoints(figures!.averageUtilizationChange))}
      </td>
      <td>
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

function NowCell({ now, capacity, nowMs }: { now: TableRow['now']; capacity: number; nowMs: number }) {
  if (!now) return <td data-kpi="occupancy-now" data-value="" />;
  const { people, at, receivedMs } = now;
  const takenMs = at ? parseLocalDateTime(at).instantMs : receivedMs;
  return (
    <td data-kpi="occupancy-now" data-value={people ?? ''}>
      {people === null ? (
        'no reading'
      ) : (
        <>
          {formatCount(people)}
          {capacity > 0 && <span className="now-share"> · {percent(people / capacity)}</span>}
          <span className="reading-age">{formatAge(nowMs - takenMs)}</span>
        </>
      )}
    </td>
  );
}

function share(value: number | null): string {
  return value === null ? 'no data' : percent(value);
}
