import { describe, expect, it } from 'vitest';

import { wallScale } from './wall-scale';

describe('wallScale', () => {
  it('draws a chart as on a page beside page-sized text or smaller', () => {
    expect(wallScale(16)).toBe(1);
    expect(wallScale(12)).toBe(1);
  });

  it('grows with the kiosk’s text: 22 px at 1920 wide, 44 px at 3840', () => {
    expect(wallScale(22.08)).toBe(1.38);
    expect(wallScale(44)).toBe(2.75);
  });

  it('reads text it cannot measure as a page', () => {
    expect(wallScale(Number.NaN)).toBe(1);
    expect(wallScale(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
