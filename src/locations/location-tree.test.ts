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

describe('toTree with parents in a cycle', () => {
  it('lists each cycle from its first location by name as a root, rather than leaving it out', () => {
    const tree = toTree([loc(1, 'Site'), loc(2, 'B', 3), loc(3, 'A', 2), loc(4, 'Self', 4), loc(5, 'Desk', 2)]);
    expect(outline(tree)).toEqual(['Site', 'A', '  B', '    Desk', 'Self']);
  });
});

describe('toTree and searchTree over 2,000 locations', () => {
  // 16 campuses × 4 buildings × 30 spaces: 16 + 64 + 1,920 records, listed in a scrambled order, and 30 siblings
  // under each building (the old toTree copied the sibling list on each one).
  const pad = (n: number) => String(n).padStart(2, '0');
  const generated: LocationRecord[] = [];
  for (let c = 1; c <= 16; c++) {
    const campus = c * 1000;
    generated.push(loc(campus, `Campus ${pad(c)}`));
    for (let b = 1; b <= 4; b++) {
      const building = campus + b * 100;
      generated.push(loc(building, `Building ${pad(c)}-${pad(b)}`, campus));
      for (let s = 1; s <= 30; s++) generated.push(loc(building + s, `Space ${pad(c)}-${pad(b)}-${pad(s)}`, building));
    }
  }
  // A fixed permutation (a multiplier coprime with 2,000), so the input order says nothing about the tree's.
  const scrambled = generated.map((_, i) => generated[(i * 7919) % generated.length]!);

  it('lists every location once, each campus followed by its buildings, each building by its spaces, by name', () => {
    expect(scrambled).toHaveLength(2000);
    expect(new Set(scrambled.map((r) => r.location_id)).size).toBe(2000);
    const tree = toTree(scrambled);
    expect(tree).toHaveLength(2000);
    // Names are zero-padded, so the depth-first order by name is the order they were generated in.
    expect(tree.map((e) => e.record.location_id)).toEqual(generated.map((r) => r.location_id));
    expect(tree.map((e) => e.depth)).toEqual(
      generated.map((r) => (r.location_id % 1000 === 0 ? 0 : r.location_id % 100 === 0 ? 1 : 2)),
    );
    expect(tree.find((e) => e.record.location_id === 7312)!.path).toEqual([
      'Campus 07',
      'Building 07-03',
      'Space 07-03-12',
    ]);
  });

  it('keeps the ancestors of a match, and the spaces of a matching building', () => {
    const tree = toTree(scrambled);
    expect(outline(searchTree(tree, 'space 07-03-12'))).toEqual([
      'Campus 07',
      '  Building 07-03',
      '    Space 07-03-12',
    ]);
    const building = searchTree(tree, 'Building 12-04');
    expect(building.map((e) => e.record.location_id)).toEqual([
      12000,
      12400,
      ...Array.from({ length: 30 }, (_, i) => 12401 + i),
    ]);
    // The spaces of each campus's building 02, with their campuses and buildings: 16 × (1 + 1 + 30), in tree order.
    const spaces = searchTree(tree, '-02-');
    expect(spaces).toHaveLength(16 * 32);
    const kept = new Set(spaces.map((e) => e.record.location_id));
    for (const entry of spaces) expect(entry.idPath.every((id) => kept.has(id))).toBe(true);
    expect(spaces.map((e) => tree.indexOf(e))).toEqual([...spaces.map((e) => tree.indexOf(e))].sort((a, b) => a - b));
    expect(searchTree(tree, 'Space 99')).toEqual([]);
  });
});
