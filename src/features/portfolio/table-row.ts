/**
 * A row of the portfolio's table: what it shows of one location (portfolio-table.tsx), and when two rows show the same
 * (a row re-renders only when what it shows changed: portfolio-row.tsx, paced-rows.ts).
 */
import type { DataHealth } from '../../analysis/coverage';
import type { OpenState } from '../../analysis/open-hours';
import { closedWords } from '../../live/open-words';
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
    closedText(a.now?.state) === closedText(b.now?.state)
  );
}

/** A closed place's words ("Closed · opens …"), or null for an open one or none. */
export function closedText(state: OpenState | null | undefined): string | null {
  return state && !state.open ? closedWords(state) : null;
}
