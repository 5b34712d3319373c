import { describe, expect, it } from 'vitest';

import { formatDelta } from './figure-delta';

describe('formatDelta', () => {
  it('says a change in the figure’s unit, signed with a true minus', () => {
    expect(formatDelta('people', 12)).toBe('+12 people');
    expect(formatDelta('people', -3)).toBe('−3 people');
    expect(formatDelta('count', 50)).toBe('+50');
    expect(formatDelta('count', -1_234)).toBe('−1,234');
    expect(formatDelta('hours', 3)).toBe('+3 h');
    expect(formatDelta('minutes', -1.24)).toBe('−1.2 min');
    expect(formatDelta('fraction', 0.031)).toBe('+3.1 points');
    expect(formatDelta('fraction', -0.35)).toBe('−35.0 points');
  });

  it('gives no sign to a change that rounds to nothing', () => {
    expect(formatDelta('count', 0.3)).toBe('±0');
    expect(formatDelta('count', -0.3)).toBe('±0');
    expect(formatDelta('minutes', 0.04)).toBe('±0.0 min');
    expect(formatDelta('fraction', 0)).toBe('±0.0 points');
  });

  it('says an hour or a weekday is the same or different, and that a missing side leaves nothing to show', () => {
    expect(formatDelta('hour-of-day', 0)).toBe('the same');
    expect(formatDelta('weekday', 2)).toBe('different');
    expect(formatDelta('people', null)).toBe('no change to show');
  });
});
