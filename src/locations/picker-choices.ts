/** What the location picker (location-picker.tsx) lists for the text typed, which option is active, and where its popup scrolls. */
import type { LocationRecord } from '../api/schemas';
import { matchesQuery, searchTree, type TreeEntry } from './location-tree';

/** One option's height in px: the window of rendered rows is computed from it. */
export const ROW_HEIGHT = 36;
/** Rows the popup shows at once (its height), and rows rendered beyond them on each side. */
export const VISIBLE_ROWS = 9;
export const OVERSCAN = 6;
export const VIEWPORT = VISIBLE_ROWS * ROW_HEIGHT;

export type Choice =
  | { kind: 'typed'; key: string; id: number; record: LocationRecord | undefined }
  | { kind: 'location'; key: string; entry: TreeEntry; context: boolean };

/** What the popup lists for the input's text: “Open location N” for a whole number, then the tree's matches. */
export function choicesFor(tree: readonly TreeEntry[], byId: ReadonlyMap<number, TreeEntry>, text: string): Choice[] {
  const query = text.trim();
  const choices: Choice[] = [];
  if (/^\d+$/.test(query) && Number.isSafeInteger(Number(query))) {
    const id = Number(query);
    choices.push({ kind: 'typed', key: 'typed', id, record: byId.get(id)?.record });
  }
  for (const entry of searchTree(tree, query)) {
    const context = query !== '' && !matchesQuery(entry, query);
    choices.push({ kind: 'location', key: `location-${entry.record.location_id}`, entry, context });
  }
  return choices;
}

export function idOf(choice: Choice): number {
  return choice.kind === 'typed' ? choice.id : choice.entry.record.location_id;
}

/** The option made active when the list opens (the current location) or the text changes (the first match). */
export function defaultIndex(choices: readonly Choice[], editing: boolean, current: number): number {
  const index = editing
    ? choices.findIndex((choice) => choice.kind === 'typed' || !choice.context)
    : choices.findIndex((choice) => choice.kind === 'location' && idOf(choice) === current);
  return Math.max(0, index);
}

/** The popup's scroll position that shows row `index`, moving as little as possible from `top`. */
export function revealed(top: number, index: number): number {
  const rowTop = index * ROW_HEIGHT;
  if (rowTop < top) return rowTop;
  if (rowTop + ROW_HEIGHT > top + VIEWPORT) return rowTop + ROW_HEIGHT - VIEWPORT;
  return top;
}

/** The popup's scroll position with row `index` in its middle, as far as the list goes. */
export function centred(index: number, count: number): number {
  const top = index * ROW_HEIGHT - (VIEWPORT - ROW_HEIGHT) / 2;
  return Math.max(0, Math.min(top, count * ROW_HEIGHT - VIEWPORT));
}
