import { describe, expect, it } from 'vitest';

import { parseCompare, withCompare } from './compare';

describe('compare', () => {
  it('reads previous and year, and nothing as no comparison', () => {
    expect(parseCompare(new URLSearchParams('compare=previous'))).toEqual({ value: 'previous' });
    expect(parseCompare(new URLSearchParams('compare=year'))).toEqual({ value: 'year' });
    expect(parseCompare(new URLSearchParams(''))).toEqual({ value: null });
  });

  it('says what it ignored, never throws', () => {
    const parsed = parseCompare(new URLSearchParams('compare=%3Cscript%3E'));
    expect(parsed.value).toBeNull();
    expect(parsed.ignored).toContain('<script>');
  });

  it('writes and removes the parameter, keeping the others', () => {
    expect(withCompare(new URLSearchParams('range=7d'), 'year').toString()).toBe('range=7d&compare=year');
    expect(withCompare(new URLSearchParams('range=7d&compare=year'), null).toString()).toBe('range=7d');
  });
});
