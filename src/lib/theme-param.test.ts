import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseTheme, resolveTheme, THEME_SETTINGS } from './theme-param';

const params = (search: string) => new URLSearchParams(search);

describe('parseTheme', () => {
  it('is auto when the URL says nothing', () => {
    expect(parseTheme(params(''))).toEqual({ value: 'auto' });
    expect(parseTheme(params('range=7d&utm_source=mail'))).toEqual({ value: 'auto' });
  });

  it.each(['light', 'dark', 'auto'] as const)('reads theme=%s', (value) => {
    expect(parseTheme(params(`theme=${value}`))).toEqual({ value });
  });

  it('ignores an unknown value, naming it, and follows the system', () => {
    expect(parseTheme(params('theme=banana'))).toEqual({
      value: 'auto',
      ignored: 'theme “banana” is not known (light, dark or auto); following the system',
    });
    expect(parseTheme(params('theme=')).ignored).toMatch(/^theme “” is not known/);
    // Exact, as the filters' values are.
    expect(parseTheme(params('theme=Dark')).value).toBe('auto');
  });

  it('cuts a long value short in the message', () => {
    const { ignored } = parseTheme(params(`theme=${'x'.repeat(500)}`));
    expect(ignored).toContain(`“${'x'.repeat(39)}…”`);
    expect(ignored!.length).toBeLessThan(120);
  });

  it('takes the first of repeated values', () => {
    expect(parseTheme(params('theme=dark&theme=light')).value).toBe('dark');
  });

  it('never throws: always a setting, and a message exactly when the value was not used', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (search) => {
        const parsed = parseTheme(params(search));
        expect(THEME_SETTINGS).toContain(parsed.value);
        const raw = params(search).get('theme');
        const used = raw === null || (THEME_SETTINGS as readonly string[]).includes(raw);
        expect(parsed.ignored === undefined).toBe(used);
      }),
    );
  });
});

describe('resolveTheme', () => {
  it('keeps an explicit setting whatever the system prefers', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the system for auto', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });
});
