import { describe, expect, it } from 'vitest';

import type { LocationRecord } from '../../api/schemas';
import { toTree } from '../../locations/location-tree';
import { listPortfolio, type ListInput } from './portfolio-list';

const record = (location_id: number, name: string, parent_id: number | null): LocationRecord => ({
  location_id,
  name,
  parent_id,
  status: 'active',
  capacity: 10,
  start_date: null,
});

const TREE = toTree([
  record(1, 'North Campus', null),
  record(2, 'Building A', 1),
  record(3, 'Library', 2),
  record(4, 'Meeting Room', 2),
  record(5, 'South Campus', null),
  record(6, 'Building B', 5),
  record(7, 'Gym', 6),
]);

const averages = new Map([
  [3, 0.5],
  [4, 0.2],
  [7, 0.5],
  [2, 0.9],
]);

const list = (input: Partial<ListInput>) =>
  listPortfolio({
    tree: TREE,
    under: null,
    q: '',
    sort: null,
    valueFor: (id) => averages.get(id),
    ...input,
  });
const ids = (input: Partial<ListInput>) => list(input).entries.map((entry) => entry.record.location_id);

describe('listPortfolio', () => {
  it('lists the tree, parents before children', () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('narrows to a branch: the location and everything below it', () => {
    expect(ids({ under: 2 })).toEqual([2, 3, 4]);
  });

  it('keeps the ancestors of a match, within the branch', () => {
    expect(ids({ q: 'gym' })).toEqual([5, 6, 7]);
    expect(ids({ q: 'room', under: 2 })).toEqual([2, 4]);
  });

  it('ranks what is loaded, ties in tree order, the rest after it in tree order whatever the direction', () => {
    expect(ids({ sort: { key: 'average-utilization', descending: true } })).toEqual([2, 3, 7, 4, 1, 5, 6]);
    expect(ids({ sort: { key: 'average-utilization', descending: false } })).toEqual([4, 3, 7, 2, 1, 5, 6]);
    expect(list({ sort: { key: 'average-utilization', descending: true } })).toMatchObject({ ranked: 4, loading: 3 });
  });

  it('a loaded row with no value is ranked after the values and is not counted as loading; rows to come follow it', () => {
    // 5 has loaded with nothing to compute the figure from (null); 1 and 6 are still to come (undefined).
    const valueFor = (id: number) => (id === 5 ? null : averages.get(id));
    expect(ids({ sort: { key: 'average-utilization', descending: true }, valueFor })).toEqual([2, 3, 7, 4, 5, 1, 6]);
    expect(list({ sort: { key: 'average-utilization', descending: true }, valueFor })).toMatchObject({
      ranked: 4,
      loading: 2,
    });
  });

  it('sorts by name', () => {
    expect(ids({ sort: { key: 'name', descending: false } })).toEqual([2, 6, 7, 3, 4, 1, 5]);
  });
});
