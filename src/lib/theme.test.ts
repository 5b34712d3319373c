import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { contrastRatio, FONT_FAMILY, PALETTES, type Palette } from './theme';

describe('contrastRatio', () => {
  it('matches WCAG 2 reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // The AA boundary for body text: #767676 on white is 4.54.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('is NaN for what it cannot read, so a threshold check with it is false', () => {
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeNaN();
    expect(contrastRatio('red', '#ffffff') < 3).toBe(false);
  });
});

describe('the palettes', () => {
  /** Text on the surfaces it is drawn on, as styles.css and the chart themes pair them. */
  const TEXT_PAIRS: [keyof Palette, keyof Palette][] = [
    ['text', 'bg'],
    ['text', 'panel'],
    ['text', 'controlBg'],
    ['text', 'raised'],
    ['text', 'caveatBg'],
    ['text', 'infoBg'],
    ['text', 'errorBg'],
    ['textSecondary', 'bg'],
    ['textSecondary', 'panel'],
    ['textSecondary', 'raised'],
    ['textSecondary', 'skeletonFrom'],
    ['textSecondary', 'skeletonTo'],
    ['textMuted', 'bg'],
    ['textMuted', 'panel'],
    ['textFaint', 'bg'],
    ['textFaint', 'panel'],
    // A hint inside an error panel (the token prompt's) is muted, not faint: faint on errorBg is 4.35:1 in light.
    ['textMuted', 'errorBg'],
    ['link', 'bg'],
    ['link', 'panel'],
    ['link', 'infoBg'],
    ['onAccent', 'accent'],
    ['warningText', 'bg'],
    ['warningText', 'panel'],
    ['dangerText', 'panel'],
    ['dangerText', 'errorBg'],
    ['popoverText', 'popoverBg'],
    ['popoverMuted', 'popoverBg'],
  ];

  it.each(['light', 'dark'] as const)('%s: every text pair reads at 4.5:1 or more (WCAG AA)', (theme) => {
    const palette = PALETTES[theme];
    const failing = TEXT_PAIRS.map(([fg, bg]) => ({
      pair: `${fg} on ${bg}`,
      ratio: contrastRatio(palette[fg], palette[bg]),
    }))
      .filter(({ ratio }) => !(ratio >= 4.5))
      .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('%s: the focus ring reads at 3:1 on every surface it can sit on', (theme) => {
    const palette = PALETTES[theme];
    for (const surface of ['bg', 'panel', 'controlBg', 'errorBg', 'caveatBg', 'infoBg'] as const) {
      expect(contrastRatio(palette.focus, palette[surface]), surface).toBeGreaterThanOrEqual(3);
    }
  });

  it('dark: control borders and focus rings read at 3:1 on the panel (non-text)', () => {
    const { borderStrong, focus, panel } = PALETTES.dark;
    expect(contrastRatio(borderStrong, panel)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(focus, panel)).toBeGreaterThanOrEqual(3);
  });

  it('dark is the brief’s palette: background, panels, text, borders', () => {
    expect(PALETTES.dark).toMatchObject({ bg: '#0b1220', panel: '#111a2e', text: '#e5e7eb', border: '#334155' });
  });

  describe('styles.css defines the same colours', () => {
    const css = readFileSync(new URL('../app/styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    /** The custom properties of the first rule whose selector list contains `selector`. */
    const customProperties = (selector: string) => {
      const rule = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find(([, selectors]) =>
        selectors!.split(',').some((s) => s.trim() === selector),
      );
      if (!rule) throw new Error(`no rule for ${selector}`);
      return Object.fromEntries(
        [...rule[2]!.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
      );
    };

    const expected = (theme: 'light' | 'dark') =>
      Object.fromEntries(Object.entries(PALETTES[theme]).map(([name, value]) => [kebab(name), value]));

    it.each([
      ['light', ":root[data-theme='light']"],
      ['dark', ":root[data-theme='dark']"],
      // Without data-theme, before the app has started.
      ['light', ':root'],
    ] as const)('%s, for %s', (theme, selector) => {
      expect(customProperties(selector)).toEqual(expected(theme));
    });

    it('draws text in the typeface the charts use', () => {
      // However Prettier breaks the long stack over lines.
      expect(css.replace(/\s+/g, ' ')).toContain(`--font-sans: ${FONT_FAMILY};`);
    });

    it('uses no colour outside the palettes: every rule takes its colours from the custom properties', () => {
      const rules = css.replace(/:root[^{]*\{[^}]*color-scheme[^}]*\}/g, '');
      expect(rules.match(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(|\b(?:white|black)\b(?!-)/gi) ?? []).toEqual([]);
    });
  });
});
