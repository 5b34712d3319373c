/** One row of the portfolio table (portfolio-table.tsx): the location, its figures, its data's health and its live reading. */
import { t } from '@lingui/core/macro';
import { memo, type CSSProperties } from 'react';
import { Link } from '../../lib/router/links';

import type { OpenState } from '../../analysis/open-hours';
import { closedParts } from '../../live/open-words';
import { capacitySurplus } from '../../analysis/portfolio';
import { Sparkline } from '../../components/sparkline';
import { formatAge, formatCount, formatPoints, percent } from '../../lib/format';
import { formatDateRange, parseLocalDateTime } from '../../lib/time';
import { sameRowContent, type TableRow } from './table-row';

interface RowProps {
  row: TableRow;
  index: number;
  ranked: boolean;
  linkSearch: string;
  nowMs: number;
  onBranch(id: number): void;
  /** Checked for comparison, and its toggle. */
  chosen: boolean;
  onChoose(id: number): void;
}

/**
 * A row is rendered again only when what it shows changes: its location, figures, state or live reading, or how
 * the table places it. The page builds its rows anew as any row's data arrives; the others stay as they are.
 */
export const Row = memo(
  RowCells,
  (previous, next) =>
    sameRowContent(previous.row, next.row) &&
    previous.index === next.index &&
    previous.ranked === next.ranked &&
    previous.linkSearch === next.linkSearch &&
    previous.nowMs === next.nowMs &&
    previous.onBranch === next.onBranch &&
    previous.chosen === next.chosen &&
    previous.onChoose === next.onChoose,
);

/** Whether two versions of a row show the same: its location, figures, state and live reading. */
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
      className={pending === 'loading' ? 'loading' : row.kept ? 'kept' : undefined}
    >
      <th
        scope="row"
        className={row.hasChildren ? 'location-cell is-parent' : 'location-cell'}
        style={{ '--depth': ranked ? 0 : depth } as CSSProperties}
      >
        <div className="location-cell-content">
          <input
            type="checkbox"
            className="compare-check"
            checked={props.chosen}
            onChange={() => props.onChoose(id)}
            aria-label={compareName(record.name)}
          />
          <span className="location-name">
            <Link
              to={{ pathname: `/locations/${id}/utilization`, search: linkSearch }}
              title={within ? inWithin(record.name, within) : record.name}
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
              aria-label={showOnly(record.name)}
              title={showOnly(record.name)}
            >
              <svg className="branch-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M2.5 3.5h11l-4.25 5v4l-2.5-1.25V8.5z" />
              </svg>
            </button>
          )}
        </div>
      </th>
      <FigureCell name="average-utilization" value={figures?.averageUtilization} pending={pending} bar>
        {percent}
      </FigureCell>
      <FigureCell name="peak-utilization" value={figures?.peakUtilization} pending={pending}>
        {percent}
      </FigureCell>
      <FigureCell
        name="average-utilization-change"
        value={figures?.averageUtilizationChange}
        pending={pending}
        missing={t`no change to show`}
      >
        {formatPoints}
      </FigureCell>
      <NowCell now={row.now} capacity={capacity} nowMs={nowMs} />
      <FigureCell name="right-size-p95" value={figures?.rightSizeP95} pending={pending}>
        {formatCount}
      </FigureCell>
      <td data-value={capacity}>{formatCount(capacity)}</td>
      <FigureCell name="capacity-surplus" value={figures && capacitySurplus(figures)} pending={pending}>
        {(value) => (value < 0 ? placesShort(-value) : formatCount(value))}
      </FigureCell>
      <FigureCell
        name="data-coverage"
        value={row.health?.coverage}
        pending={row.kept ? null : pending}
        note={typeof row.health?.latestMs === 'number' ? formatAge(nowMs - row.health.latestMs) : null}
      >
        {percent}
      </FigureCell>
      <td className="col-daily">
        {figures && row.range && (
          <Sparkline
            values={figures.daily}
            label={dailyLabel(record.name, formatDateRange(row.range.start, row.range.end))}
          />
        )}
      </td>
    </tr>
  );
}

/**
 * One figure of a row: its raw number in `data-kpi`/`data-value`, and its text: the figure; "loading…" while its row
 * loads (drawn as a quiet bar: the row's `loading` class); "failed to load"; a dash, with its words ("no data") for
 * screen readers, for nothing to show. Loading and loaded, the cell has the same element and text node, so a row
 * whose figures arrive changes its class and a text per cell in place and removes nothing: every change to the page
 * that a style depends on is an invalidation of its own, and a row's commit stays short on a phone
 * (docs/development.md, "The portfolio paints before it loads rows").
 */
function FigureCell(props: {
  name: string;
  value: number | null | undefined;
  pending: 'loading' | 'failed' | null;
  missing?: string;
  children(value: number): string;
  /** The share-of-capacity bar before the figure (average utilization). */
  bar?: boolean;
  /** A second, smaller line under the figure, shown with it. */
  note?: string | null;
}) {
  const { name, value, pending, missing = t`no data`, children, bar = false, note = null } = props;
  const state = pending ?? (value === null || value === undefined ? 'missing' : 'value');
  return (
    <td data-kpi={name} data-value={value ?? ''}>
      {bar && state === 'value' && <UtilizationBar value={value!} />}
      {state === 'missing' ? (
        <Missing text={missing} />
      ) : (
        <span className={state === 'failed' ? 'cell-text cell-failed' : 'cell-text'}>
          {state === 'loading' ? t`loading…` : state === 'failed' ? t`failed to load` : children(value!)}
        </span>
      )}
      {state === 'value' && note !== null && <span className="reading-age">{note}</span>}
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

/** A row's name with where it is, for its link's title: `Room 1 (in Campus › Building)`. */
function inWithin(name: string, within: string): string {
  return t`${name} (in ${within})`;
}

/** The branch button's name: `Show only Building A and what is in it`. */
function showOnly(name: string): string {
  return t`Show only ${name} and what is in it`;
}

/** `12 short`: places a space lacks. */
function placesShort(places: number): string {
  const count = formatCount(places);
  return t`${count} short`;
}

/** The sparkline's name: `Daily average utilization of Room 1, 16 Nov – 22 Nov 2026`. */
function dailyLabel(name: string, dates: string): string {
  return t`Daily average utilization of ${name}, ${dates}`;
}

/** The words of a closed place, or null for an open one or one nothing tells about. */
function closedText(state: OpenState | null | undefined) {
  return state && !state.open ? closedParts(state) : null;
}

function NowCell({ now, capacity, nowMs }: { now: TableRow['now']; capacity: number; nowMs: number }) {
  if (!now) return <td data-kpi="occupancy-now" data-value="" />;
  const closed = closedText(now.state);
  if (closed !== null) {
    // Two lines, as an open place's reading and its age: "Closed", then when it opens.
    return (
      <td data-kpi="occupancy-now" data-value="" data-open="false">
        <span className="now-reading now-closed">{closed.closed}</span>
        {closed.opens !== null && (
          <>
            {' '}
            <span className="reading-age">{closed.opens}</span>
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
        <Missing text={t`no reading`} />
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

/** A row's checkbox: `Compare Harbor Library`. */
function compareName(name: string): string {
  return t`Compare ${name}`;
}
