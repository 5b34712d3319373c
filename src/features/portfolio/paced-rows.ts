/**
 * The table's drawn rows take their new data one at a time, a row per paint. Rows often arrive together (the first
 * screen's rows load at once, a last visit's kept rows are all shown at once), and React commits what a render holds
 * in one task it cannot slice: a dozen rows turning from loading to figures in one commit make one long task on a
 * phone, where one row a commit stays under the long-task threshold (50 ms; `npm run lighthouse` and
 * `npm run bench:commits` measure it, bench/measurements.md keeps the figures). The rest follow at the next paints,
 * top first: a screenful of rows fills in as many frames as it has rows. Rows not drawn (outside the virtualizer's
 * window) cost nothing and take theirs at once. While the rows are off the screen (below a phone's first screen, under
 * the summary), the drawn ones keep what they show: nobody sees them, and each row's commit is a task of its own; they
 * fill in, top first and a row per paint, once the first of them comes on screen, so a scroll meets filled rows.
 * Use it for a virtualized list whose rows turn from loading to figures together; the pacing itself is
 * lib/scheduling/after-paint.ts's `onNextPaint`, and a table of another feature can pace its rows the same way.
 */
import { useEffect, useRef, useState } from 'react';

import { onNextPaint } from '../../lib/scheduling/after-paint';
import { sameRowContent, type TableRow } from './table-row';

/** Drawn rows that take new data in one commit (see above). */
export const ROWS_PER_PAINT = 1;

/** Indices of the rows drawn, first to last (inclusive). */
export interface DrawnSpan {
  start: number;
  end: number;
}

/**
 * One step from what is drawn towards `rows`: every row takes its new version, except drawn rows beyond the first
 * `limit` that changed, which keep the version drawn. `done` when nothing was held back. A new listing (other rows,
 * or as many in another order) is drawn at once: it is a new table, not rows arriving.
 */
export function paceRows(
  drawn: readonly TableRow[],
  rows: readonly TableRow[],
  span: DrawnSpan,
  limit: number,
): { drawn: readonly TableRow[]; done: boolean } {
  const idAt = (list: readonly TableRow[], index: number) => list[index]!.entry.record.location_id;
  if (drawn.length !== rows.length || rows.some((_, index) => idAt(rows, index) !== idAt(drawn, index))) {
    return { drawn: rows, done: true };
  }
  let budget = limit;
  let held = false;
  const next = rows.map((row, index) => {
    const before = drawn[index]!;
    if (index < span.start || index > span.end || sameRowContent(before, row)) return row;
    if (budget > 0) {
      budget -= 1;
      return row;
    }
    held = true;
    return before;
  });
  return held ? { drawn: next, done: false } : { drawn: rows, done: true };
}

/**
 * `rows` as drawn: the drawn ones' changes `ROWS_PER_PAINT` at a time, a step at each paint (`paceRows`), and none
 * while the table is not `near` the screen.
 */
export function usePacedRows(rows: readonly TableRow[], span: DrawnSpan, near: boolean): readonly TableRow[] {
  // Done when what is drawn is the rows given (paceRows then returns them themselves).
  const [paced, setPaced] = useState({ target: rows, drawn: rows });
  const latestSpan = useRef(span);
  useEffect(() => {
    latestSpan.current = span;
  });
  if (paced.target !== rows) {
    // Stored from this render's props (React renders again at once, before committing).
    setPaced({ target: rows, drawn: paceRows(paced.drawn, rows, span, near ? ROWS_PER_PAINT : 0).drawn });
  }
  useEffect(() => {
    if (paced.drawn === paced.target || !near) return;
    return onNextPaint(() =>
      setPaced((current) =>
        current === paced
          ? {
              target: current.target,
              drawn: paceRows(current.drawn, current.target, latestSpan.current, ROWS_PER_PAINT).drawn,
            }
          : current,
      ),
    );
  }, [paced, near]);
  return paced.target === rows ? paced.drawn : rows;
}
