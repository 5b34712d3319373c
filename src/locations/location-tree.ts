/**
 * Locations as a tree (parents before their children, siblings by name), for the picker.
 */
import type { LocationRecord } from '../api/schemas';

export interface TreeEntry {
  record: LocationRecord;
  depth: number;
  /** Names from the root down to this location, for search. */
  path: string[];
}

export function toTree(records: readonly LocationRecord[]): TreeEntry[] {
  const ids = new Set(records.map((r) => r.location_id));
  const children = new Map<number | null, LocationRecord[]>();
  for (const record of records) {
    // A parent the token cannot see makes its child a root here.
    const parent = record.parent_id !== null && ids.has(record.parent_id) ? record.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), record]);
  }
  const entries: TreeEntry[] = [];
  const visit = (parent: number | null, depth: number, path: string[]) => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const record of level) {
      const here = [...path, record.name];
      entries.push({ record, depth, path: here });
      visit(record.location_id, depth + 1, here);
    }
  };
  visit(null, 0, []);
  return entries;
}

/** Entries whose name (or an ancestor's) contains the query, with their ancestors kept for context. */
export function searchTree(entries: readonly TreeEntry[], query: string): TreeEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  const matches = entries.filter((entry) => entry.path.some((name) => name.toLocaleLowerCase().includes(needle)));
  const keep = new Set(matches.flatMap((entry) => entry.path.map((_, i) => entry.path.slice(0, i + 1).join('\u0000'))));
  return entries.filter((entry) => keep.has(entry.path.join('\u0000')));
}
