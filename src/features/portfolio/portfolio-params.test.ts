import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parsePortfolioParams, PORTFOLIO_SORT_KEYS, withPortfolioParams } from './portfolio-params';

const parse = (search: string) => parsePortfolioParams(new URLSearchParams(search));

describe('parsePortfolioParams', () => {
  it('reads a sort, its direction, a search and a branch', () => {
    expect(parse('sort=-average-utilization&q=Library&under=1003').value).toEqual({
      sort: { key: 'average-utilization', descending: true },
      q: 'Library',
      under: 1003,
    });
    expect(parse('sort=capacity').value.sort).toEqual({ key: 'capacity', descending: false });
  });

  it('defaults to the tree, no search and every location', () => {
    expect(parse('').value).toEqual({ sort: null, q: '', under: null });
  });

  it('reports what it cannot use and falls back', () => {
    const { value, ignored } = parse('sort=size&under=abc&sort=name');
    expect(value).toEqual({ sort: null, q: '', under: null });
    expect(ignored).toHaveLength(3);
    expect(ignored.join('\n')).toMatch(/sort “size” is not one of/);
    expect(ignored.join('\n')).toMatch(/under “abc” is not a location id/);
  });

  it('never throws, and what it writes reads back the same', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (sort, q, under) => {
        const { value } = parsePortfolioParams(new URLSearchParams({ sort, q, under }));
        const again = parsePortfolioParams(withPortfolioParams(new URLSearchParams(), value)).value;
        expect(again).toEqual({ ...value, q: value.q.trim() ? value.q : '' });
      }),
    );
  });

  it('round-trips every sort key in both directions, leaving other parameters alone', () => {
    for (const key of PORTFOLIO_SORT_KEYS) {
      for (const descending of [false, true]) {
        const written = withPortfolioParams(new URLSearchParams('range=30d'), {
          sort: { key, descending },
          q: '',
          under: null,
        });
        expect(written.get('range')).toBe('30d');
        expect(parsePortfolioParams(written).value.sort).toEqual({ key, descending });
      }
    }
  });
});
