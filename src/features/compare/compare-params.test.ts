import { describe, expect, it } from 'vitest';

import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { comparesAsAsked, knownLocations, parseCompareParams, withLocations } from './compare-params';
import { chooseWords, problemWords } from './compare-words';

describe('parseCompareParams', () => {
  it('reads 2 to 8 ids in the order given, utilization by default', () => {
    const params = parseCompareParams('locations=31,11,20');
    expect(params).toMatchObject({ ids: [31, 11, 20], problems: [], unknownMetric: null });
    expect(params.definition).toBe(UTILIZATION_VIEW);
    expect(comparesAsAsked(params.ids, params.problems)).toBe(true);
  });

  it('reads every metric the page compares, and names one it does not', () => {
    expect(parseCompareParams('locations=1,2&metric=dwell-time').definition.metric).toBe('dwell_time');
    expect(parseCompareParams('locations=1,2&metric=traffic').definition.slug).toBe('traffic');
    const bad = parseCompareParams('locations=1,2&metric=noise');
    expect(bad.definition).toBe(UTILIZATION_VIEW);
    expect(bad.unknownMetric).toBe('noise');
  });

  it('keeps one id, which is too few to compare', () => {
    const params = parseCompareParams('locations=11');
    expect(params.ids).toEqual([11]);
    expect(comparesAsAsked(params.ids, params.problems)).toBe(false);
    expect(chooseWords()).toBe('Choose 2 to 8 locations to compare');
  });

  it('leaves out what is not a number, and keeps the valid ids', () => {
    const params = parseCompareParams('locations=11,abc,-3,1.5,31');
    expect(params.ids).toEqual([11, 31]);
    expect(params.problems.map((problem) => problem.kind)).toEqual(['not-a-number', 'not-a-number', 'not-a-number']);
    expect(problemWords(params.problems[0]!)).toBe('“abc” is not a location number; left out');
  });

  it('shows the first 8 of more than 8, and names those left out', () => {
    const params = parseCompareParams('locations=1,2,3,4,5,6,7,8,9,10');
    expect(params.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(params.problems).toEqual([{ kind: 'too-many', dropped: [9, 10] }]);
    expect(problemWords(params.problems[0]!)).toBe('More than 8 locations: 2 left out (9, 10)');
  });

  it('shows a repeated id once, and reads an empty or missing list as none', () => {
    expect(parseCompareParams('locations=11,11,31').ids).toEqual([11, 31]);
    expect(parseCompareParams('').ids).toEqual([]);
    expect(parseCompareParams('locations=,,').ids).toEqual([]);
  });
});

describe('knownLocations', () => {
  it('leaves out an id the server does not list, in words, and keeps the order of the rest', () => {
    const { shown, problems } = knownLocations([31, 999, 11], new Set([11, 31]));
    expect(shown).toEqual([31, 11]);
    expect(problems.map(problemWords)).toEqual(['There is no location 999; left out']);
    expect(comparesAsAsked(shown, problems)).toBe(false);
  });

  it('shows every id while the list is not known', () => {
    expect(knownLocations([1, 2], undefined)).toEqual({ shown: [1, 2], problems: [] });
  });
});

describe('withLocations', () => {
  it('sets the list and keeps every other parameter', () => {
    expect(withLocations('?locations=1,2&from=2026-11-09&metric=traffic', [1, 2, 3])).toBe(
      '?locations=1,2,3&from=2026-11-09&metric=traffic',
    );
  });
});
