import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { LocationRecord } from '../api/schemas';
import { searchTree, toTree, type TreeEntry } from './location-tree';

function loc(location_id: number, name: string, parent_id: number | null = null): LocationRecord {
  return { location_id, name, status: 'active', parent_id, capacity: 10, start_date: null };
}

const records = [
  loc(11, 'Floor 2', 1),
  loc(2, 'Warehouse'),
  loc(12, 'floor 1', 1),
  loc(121, 'Café', 12),
  loc(1, 'Head office'),
  loc(122, 'Atrium', 12),
  loc(3, 'Annex'),
];

const outline = (entries: readonly TreeEntry[]) => entries.map((e) => `${'  '.repeat(e.depth)}${e.record.name}`);

describe('toTree', () => {
  it('lists parents before children, siblings by name, with depth and path', () => {
    const tree = toTree(records);
    expect(outline(tree)).toEqual([
      'Annex',
      'Head office',
      '  floor 1',
      '    Atrium',
      '    Café',
      '  Floor 2',
      'Warehouse',
    ]);
    expect(tree.find((e) => e.record.location_id === 121)!.path).toEqual(['Head office', 'floor 1', 'Café']);
  });

  it('makes a location whose parent is not in the list a root', () => {
    const tree = toTree([loc(5, 'Kitchen', 99), loc(6, 'Bar'), loc(7, 'Pantry', 5)]);
    expect(outline(tree)).toEqual(['Bar', 'Kitchen', '  Pantry']);
    expect(tree.find((e) => e.record.name === 'Kitchen')!.path).toEqual(['Kitchen']);
  });

  it('is empty for no records, and keeps the records it was given', () => {
    expect(toTree([])).toEqual([]);
    expect(toTree(records).map((e) => e.record)).toEqual(expect.arrayContaining(records));
  });

  it('every record once, each after its parent, one level deeper (property)', () => {
    // Random forests: each location's parent is an earlier one, none, or one the token cannot see.
    const forest = fc
      .array(fc.tuple(fc.string({ maxLength: 6 }), fc.nat()), { maxLength: 40 })
      .map((specs) =>
        specs.map(([name, pick], i) =>
          loc(i + 1, name, pick % 3 === 0 || i === 0 ? null : pick % 4 === 1 ? 999 : (pick % i) + 1),
        ),
      );
    fc.assert(
      fc.property(forest, (list) => {
        const tree = toTree(list);
        expect(tree).toHaveLength(list.length);
        expect(new Set(tree.map((e) => e.record.location_id)).size).toBe(list.length);
        tree.forEach((entry, i) => {
          const parentIndex = tree.findIndex((e) => e.record.location_id === entry.record.parent_id);
          if (parentIndex === -1) {
            expect(entry.depth).toBe(0);
          } else {
            expect(parentIndex).toBeLessThan(i);
            expect(entry.depth).toBe(tree[parentIndex]!.depth + 1);
            expect(entry.path).toEqual([...tree[parentIndex]!.path, entry.record.name]);
          }
        });
      }),
    );
  });
});

describe('searchTree', () => {
  const tree = toTree(records);

  it('keeps the ancestors of a match, case-insensitively', () => {
    expect(outline(searchTree(tree, 'CAFÉ'))).toEqual(['Head office', '  floor 1', '    Café']);
    expect(outline(searchTree(tree, '  atr '))).toEqual(['Head office', '  floor 1', '    Atrium']);
  });

  it("keeps the descendants of a matching location (they match by their ancestor's name)", () => {
    expect(outline(searchTree(tree, 'floor 1'))).toEqual(['Head office', '  floor 1', '    Atrium', '    Café']);
  });

  it('matches several branches and keeps tree order', () => {
    expect(outline(searchTree(tree, 'a'))).toEqual(outline(tree));
    expect(outline(searchTree(tree, 'ne'))).toEqual(['Annex']);
    expect(outline(searchTree(tree, 'house'))).toEqual(['Warehouse']);
  });

  it('returns everything for a blank query, nothing for no match', () => {
    expect(searchTree(tree, '   ')).toEqual(tree);
    expect(searchTree(tree, 'zzz')).toEqual([]);
  });
});

describe('searchTree with siblings of the same name', () => {
  it('keeps only the ancestors of a match, told apart by id, not by name', () => {
    const loc = (location_id: number, name: string, parent_id: number | null = null) => ({
      location_id,
      name,
      status: 'active',
      parent_id,
      capacity: 1,
      start_date: null,
    });
    const tree = toTree([loc(1, 'HQ'), loc(2, 'Floor', 1), loc(3, 'Floor', 1), loc(4, 'Café', 2), loc(5, 'Gym', 3)]);
    expect(searchTree(tree, 'café').map((e) => e.record.location_id)).toEqual([1, 2, 4]);
  });
});
