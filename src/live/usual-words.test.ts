import { describe, expect, it } from 'vitest';

import { describeUsual } from './usual-words';

const USUAL = { median: 310, low: 280, high: 350, samples: 8 };

describe('describeUsual', () => {
  it('says busier above the middle half', () => {
    expect(describeUsual(420, USUAL, 3, 10)).toEqual({
      verdict: 'busier',
      text: 'Busier than usual for a Tuesday at 10:00: 420 people, usually 310',
    });
  });

  it('says quieter below it', () => {
    expect(describeUsual(120, USUAL, 3, 9).text).toBe(
      'Quieter than usual for a Tuesday at 09:00: 120 people, usually 310',
    );
  });

  it('says about as usual inside it, its edges included', () => {
    expect(describeUsual(350, USUAL, 1, 0)).toEqual({
      verdict: 'usual',
      text: 'About as usual for a Sunday at 00:00: 350 people, usually 310',
    });
    expect(describeUsual(280, USUAL, 1, 0).verdict).toBe('usual');
  });

  it('says when there is not enough history', () => {
    expect(describeUsual(5, null, 7, 23)).toEqual({
      verdict: 'unknown',
      text: 'Not enough history yet to say what is usual for a Saturday at 23:00',
    });
  });

  it('counts one person as a person, and rounds a usual half', () => {
    expect(describeUsual(1, { median: 2.5, low: 2, high: 3, samples: 4 }, 2, 8).text).toBe(
      'Quieter than usual for a Monday at 08:00: 1 person, usually 3',
    );
  });
});
