import { describe, expect, it } from 'vitest';

import { gapWords } from './gap-words';

describe('gapWords', () => {
  it('names a gap by its wall-clock bounds', () => {
    const gap = { startWall: Date.parse('2026-06-02T00:00:00Z'), endWall: Date.parse('2026-06-03T00:00:00Z') };
    expect(gapWords({ ...gap, ongoing: false })).toMatch(/^no data tue 2 jun 00:00 – wed 3 jun 00:00$/i);
    expect(gapWords({ ...gap, ongoing: true })).toMatch(/^no data since tue 2 jun 00:00$/i);
  });
});
