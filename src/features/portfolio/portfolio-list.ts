/**
 * Which locations the portfolio lists, in which order, purely: the tree (campus › building › space), narrowed to
 * one branch (`under`), searched (`q`: ancestors of a match stay, for context), then either left in tree order or
 * ranked by a column. Ranking ranks what has a value; rows that have none (loaded, with nothing to compute it from)
 * follow, then the rows still loading, each group in tree order whatever the direction; only these are counted as
 * still to rank.
 */
import type { PortfolioSort, PortfolioSortKey } from './portfolio-params';
import { searchTree, type TreeEntry } from '../../locations/location-tree';

export interface ListInput {
  tree: readonly TreeEntry[];
  under: number | null;
  q: string;
  sort: PortfolioSort | null;
  /** A row's value for a column: null when it has none, undefined while it is still to come. */
  valueFor(id: number, key: Exclude<PortfolioSortKey, 'name'>): number | null | undefined;
}

export interface Listing {
  entries: TreeEntry[];
  /** With a figure sort: rows with the value, and rows whose value is still to come. */
  ranked: number;
  loading: number;
}

export function listPortfolio({ tree, under, q, sort, valueFor }: ListInput): Listing {
  const branch = under === null ? tree : tree.filter((entry) => entry.idPath.includes(under));
  const found = searchTree(branch, q);
  if (!sort) return { entries: found, ranked: found.length, loading: 0 };
  const direction = sort.descending ? -1 : 1;
  if (sort.key === 'name') {
    const byName = [...found].sort((a, b) => direction * a.record.name.localeCompare(b.record.name, 'en'));
    return { entries: byName, ranked: found.length, loading: 0 };
  }
  const key = sort.key;
  const withValue: { entry: TreeEntry; value: number; index: number }[] = [];
  const none: TreeEntry[] = [];
  const loading: TreeEntry[] = [];
  found.forEach((entry, index) => {
    const value = valueFor(entry.record.location_id, key);
    if (value === undefined) loading.push(entry);
    else if (value === null) none.push(entry);
    else withValue.push({ entry, value, index });
  });
  // Ties keep tree order, so the ranking does not depend on which row loaded first.
  withValue.sort((a, b) => direction * (a.value - b.value) || a.index - b.index);
  return {
    entries: [...withValue.map((item) => item.entry), ...none, ...loading],
    ranked: withValue.length,
    loading: loading.length,
  };
}
