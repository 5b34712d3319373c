/**
 * A row of the portfolio's table: what it shows of one location (portfolio-table.tsx), and when two rows show the same
 * (a row re-renders only when what it shows changed: portfolio-row.tsx, paced-rows.ts).
 */
import type { DataHealth } from '../../analysis/coverage';
import type { OpenState } from '../../analysis/open-hours';
import type { PortfolioFigures } from '../../analysis/portfolio';
import type { TreeEntry } from '../../locations/location-tree';

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

export function sameRowContent(a: TableRow, b: TableRow): boolean {
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
    sameClosedWords(a.now?.state, b.now?.state)
  );
}

/**
 * Whether two states read the same in a row: both open or unknown, or both closed and opening at the same time. Compared
 * as facts, not as words: a row is compared at every step of the pacing, and its words are formatted only to draw it.
 */
function sameClosedWords(a: OpenState | null | undefined, b: OpenState | null | undefined): boolean {
  const closedA = a?.open === false ? a : null;
  const closedB = b?.open === false ? b : null;
  if (closedA === null || closedB === null) return closedA === closedB;
  return closedA.opens?.day === closedB.opens?.day && closedA.opens?.hour === closedB.opens?.hour;
}
