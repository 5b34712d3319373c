import { describe, expect, it } from 'vitest';

import { closedWords } from './open-words';

describe('closedWords', () => {
  it('names the next opening', () => {
    expect(closedWords({ open: false, opens: { day: 2, hour: 7 } })).toMatch(/^closed\b.*\bopens mon 07:00$/i);
    expect(closedWords({ open: false, opens: null })).toMatch(/^closed$/i);
  });
});
