/**
 * Locations as a tree (parents before their children, siblings by name), for the picker.
 */
import type { LocationRecord } from '../api/schemas';

export interface TreeEntry {
  record: LocationRecord;
  depth: number;
  /** Names from the root down to this location, for search. */
  path: string[];
  /** Ids from the root down to this location. */
  idPath: number[];
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
  const visit = (parent: number | null, depth: number, path: string[], idPath: number[]) => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const record of level) {
      const entry = { record, depth, path: [...path, record.name], idPath: [...idPath, record.location_id] };
      entries.push(entry);
      visit(record.location_id, depth + 1, entry.path, entry.idPath);
    }
  };
  visit(null, 0, [], []);
  return entries;
}

/** Entries whose name (or an ancestor's) contains the query, with their ancestors kept for context. */
export function searchTree(entries: readonly TreeEntry[], query: string): TreeEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  const matches = entries.filter((entry) => entry.path.some((name) => name.toLocaleLowerCase().includes(needle)));
  const keep = new Set(matches.flatMap((entry) => entry.idPath));
  return entries.filter((entry) => keep.has(entry.record.location_id));
}
