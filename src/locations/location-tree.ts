/**
 * Locations as a tree (parents before their children, siblings by name), for the picker. Both functions are
 * O(n log n) in the number of locations (times the tree's depth, for the paths): a customer lists 1,500 and more.
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

/** The same order as `a.name.localeCompare(b.name)`, with the locale's rules looked up once, not per comparison. */
const byName = new Intl.Collator().compare;

export function toTree(records: readonly LocationRecord[]): TreeEntry[] {
  const ids = new Set(records.map((r) => r.location_id));
  const children = new Map<number | null, LocationRecord[]>();
  for (const record of records) {
    // A parent the token cannot see makes its child a root here.
    const parent = record.parent_id !== null && ids.has(record.parent_id) ? record.parent_id : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(record);
    else children.set(parent, [record]);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => byName(a.name, b.name));

  const entries: TreeEntry[] = [];
  const placed = new Set<number>();
  const visit = (parent: number | null, depth: number, path: string[], idPath: number[]) => {
    for (const record of children.get(parent) ?? []) {
      if (placed.has(record.location_id)) continue;
      placed.add(record.location_id);
      const entry = { record, depth, path: [...path, record.name], idPath: [...idPath, record.location_id] };
      entries.push(entry);
      visit(record.location_id, depth + 1, entry.path, entry.idPath);
    }
  };
  visit(null, 0, [], []);
  // Parents in a cycle (bad data: a location its own ancestor) reach no root: each cycle is listed from its first
  // location by name, as a root, rather than left out.
  if (placed.size < ids.size) {
    const left = records.filter((record) => !placed.has(record.location_id)).sort((a, b) => byName(a.name, b.name));
    for (const record of left) {
      if (placed.has(record.location_id)) continue;
      placed.add(record.location_id);
      const entry = { record, depth: 0, path: [record.name], idPath: [record.location_id] };
      entries.push(entry);
      visit(record.location_id, 1, entry.path, entry.idPath);
    }
  }
  return entries;
}

function needleOf(query: string): string {
  return query.trim().toLocaleLowerCase();
}

/** Whether the entry's own name or an ancestor's contains the query: a match, not only an ancestor kept for context. */
export function matchesQuery(entry: TreeEntry, query: string): boolean {
  const needle = needleOf(query);
  return entry.path.some((name) => name.toLocaleLowerCase().includes(needle));
}

/** Entries whose name (or an ancestor's) contains the query, with their ancestors kept for context. */
export function searchTree(entries: readonly TreeEntry[], query: string): TreeEntry[] {
  if (!needleOf(query)) return [...entries];
  const keep = new Set<number>();
  for (const entry of entries) {
    if (matchesQuery(entry, query)) for (const id of entry.idPath) keep.add(id);
  }
  return entries.filter((entry) => keep.has(entry.record.location_id));
}
