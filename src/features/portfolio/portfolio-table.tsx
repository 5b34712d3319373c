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
import { t } from '@lingui/core/macro';

import '../../components/scroll-region.css';
import './portfolio-table.css';
import { elementScroll, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';

import type { PortfolioSort, PortfolioSortKey } from './portfolio-params';
import { useAfterPaint } from '../../lib/scheduling/use-after-paint';
import { useNearViewport } from '../../lib/scheduling/use-near-viewport';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePacedRows } from './paced-rows';
import { ariaSort, portfolioColumns, ROW_HEIGHT, sortArrow, type Column } from './portfolio-columns';
import { Row } from './portfolio-row';
import type { TableRow } from './table-row';

/** On the screen itself, not near it: `useNearViewport`'s margin. */
const ON_SCREEN = '0px';

const NO_ROWS: ReturnType<ReturnType<typeof useVirtualizer>['getVirtualItems']> = [];

/**
 * The scroller's size as the virtualizer follows it, told by a ResizeObserver only: its first report comes after the
 * frame's layout, where the default reads the size at once, in the commit that mounts the table, which lays the whole
 * page out then (the start's longest task on a phone). Until then the virtualizer draws `initialRect`.
 */
function observeRectAfterLayout(instance: Virtualizer<HTMLDivElement, Element>, tell: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  // Read in the observer's callback, after layout: nothing to lay out again.
  const observer = new ResizeObserver(() => tell({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}

/** The virtualizers that have written their scroller's offset once (scrollUnlessNewAtTop). */
const written = new WeakSet<Virtualizer<HTMLDivElement, Element>>();

/**
 * The virtualizer's scroll, less its first write when that is to the top: at mount it scrolls its new scroller to
 * where it already is, and a scroll lays the whole page out first, in the commit that mounts the table.
 */
function scrollUnlessNewAtTop(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  const first = !written.has(instance);
  written.add(instance);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
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
  /** The locations checked for comparison, and their toggle (stable). */
  chosen: readonly number[];
  onChoose(id: number): void;
}) {
  const { rows, sort, linkSearch, nowMs, onVisible } = props;
  // One callback for every row and one for the head, whatever the page passes: a row whose data is unchanged, and
  // the head while the sort is, are not rendered again.
  const latest = useRef({ onBranch: props.onBranch, onSort: props.onSort });
  useLayoutEffect(() => {
    latest.current = { onBranch: props.onBranch, onSort: props.onSort };
  });
  const onBranch = useCallback((id: number) => latest.current.onBranch(id), []);
  const onSort = useCallback((key: PortfolioSortKey) => latest.current.onSort(key), []);
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const rowHeight = useMediaQuery(PHONE_QUERY) ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // jsdom and a first paint have no layout: draw a screenful anyway.
    initialRect: { width: 1200, height: 640 },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessNewAtTop,
  });
  // A phone turned into a tablet (or back): every row is counted at its new height.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  // Its rows at the paint after its frame: the page's first screen (the summary, the table's head) is painted first,
  // and a phone's longest task at the start is two of half its length. The frame holds their height meanwhile.
  const rowsDrawn = useAfterPaint(true) === true;
  const items = rowsDrawn ? virtualizer.getVirtualItems() : NO_ROWS;
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => onVisible({ start: first, end: last }), [first, last, onVisible]);
  // Rows off the screen keep what they show (paced-rows.ts): the body, not the table, so that a head at the screen's
  // foot does not count.
  const drawnRows = usePacedRows(rows, { start: first, end: last }, useNearViewport(body, ON_SCREEN));
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = useMemo(() => portfolioColumns().length + 1, []);

  return (
    <div
      className="table-scroll portfolio-scroll"
      tabIndex={0}
      role="region"
      aria-label={t`Locations table`}
      ref={scroller}
    >
      <table
        className="portfolio-table"
        aria-rowcount={rows.length + 1}
        style={{ '--row-height': `${rowHeight}px` } as CSSProperties}
      >
        <TableHead sort={sort} onSort={onSort} />
        <tbody ref={body}>
          {before > 0 && (
            <tr aria-hidden="true" className="spacer">
              <td colSpan={columns} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => (
            <Row
              key={drawnRows[item.index]!.entry.record.location_id}
              row={drawnRows[item.index]!}
              index={item.index}
              ranked={sort !== null}
              linkSearch={linkSearch}
              nowMs={nowMs}
              onBranch={onBranch}
              chosen={props.chosen.includes(drawnRows[item.index]!.entry.record.location_id)}
              onChoose={props.onChoose}
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

/**
 * The table's head: its sort buttons and the daily average's label. Rendered again when the sort changes, not at each
 * row's commit (the app's tree is drawn anew when the language changes).
 */
const TableHead = memo(function TableHead(props: { sort: PortfolioSort | null; onSort(key: PortfolioSortKey): void }) {
  const { sort, onSort } = props;
  return (
    <thead>
      <tr aria-rowindex={1}>
        {portfolioColumns().map((column) => (
          <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
        ))}
        <th scope="col" className="col-daily">
          <span className="column-label">{t`Daily average`}</span>
        </th>
      </tr>
    </thead>
  );
});

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
