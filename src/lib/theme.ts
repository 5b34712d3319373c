/**
 * The colour theme: one set of colours for the pages (styles.css mirrors `PALETTES` as custom properties, checked by
 * theme.test.ts) and the charts (the ECharts themes in charts/echarts.ts are built from it), and the typeface. The
 * URL's `theme=light|dark|auto` is read by lib/theme-param.ts. Nothing here has words: the build reads it too (the
 * web app manifest's colours).
 */

/** What a theme resolves to: light or dark (lib/theme-param.ts reads the URL's setting). */
export type ResolvedTheme = 'light' | 'dark';

// ---------------------------------------------------------------------------------------------------
// Type

/**
 * The app's typeface and its fallbacks: Inter (self-hosted, lib/typeface.ts), then the system's. Charts draw
 * their canvas text with it too; styles.css's --font-sans is the same list (a test compares them).
 */
export const FONT_FAMILY =
  "'Inter Variable', 'Inter Fallback', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', 'Yu Gothic', Meiryo, 'Noto Sans JP', 'Noto Sans CJK JP', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

// ---------------------------------------------------------------------------------------------------
// Colours

/**
 * Every colour of the app, per theme. styles.css defines each as `--<kebab-case name>` under
 * `:root[data-theme='light']` and `:root[data-theme='dark']`, with the same values (a test compares them); the
 * chart themes use the same entries. Text pairs meet WCAG AA (4.5:1) in both themes (tested; see styles.css).
 */
export interface Palette {
  /** The page. */
  bg: string;
  /** Panels, the filter bar, table heads; chart canvases are transparent over it. */
  panel: string;
  /** Inputs, selects, buttons. */
  controlBg: string;
  /** Chart tooltips: a surface raised above the panel. */
  raised: string;
  text: string;
  /** Labels, legends, axis labels. */
  textSecondary: string;
  /** Facts, captions, empty states, axis names. */
  textMuted: string;
  /** Hints; the least prominent text that still reads at 4.5:1. */
  textFaint: string;
  border: string;
  /** Table rows. */
  borderSubtle: string;
  /** Control borders, chart axis lines. */
  borderStrong: string;
  link: string;
  /** Pressed buttons and the current tab, behind `onAccent` text. */
  accent: string;
  onAccent: string;
  focus: string;
  /** "Differs from what was asked", stale data. */
  warningText: string;
  /** Field errors; the capacity line and its label on charts. */
  dangerText: string;
  caveatBg: string;
  caveatBorder: string;
  errorBg: string;
  errorBorder: string;
  infoBg: string;
  infoBorder: string;
  skeletonFrom: string;
  skeletonTo: string;
  /** The busiest times' cells without data (hatched), beside the panel. */
  noDataFill: string;
  /** A figure's definition on hover or focus. */
  popoverBg: string;
  popoverText: string;
  popoverMuted: string;
  popoverBorder: string;
}

export const PALETTES: Record<ResolvedTheme, Palette> = {
  light: {
    bg: '#f8fafc',
    panel: '#ffffff',
    controlBg: '#ffffff',
    raised: '#ffffff',
    text: '#0f172a',
    textSecondary: '#334155',
    textMuted: '#475569',
    textFaint: '#64748b',
    border: '#e2e8f0',
    borderSubtle: '#f1f5f9',
    borderStrong: '#cbd5e1',
    link: '#1e3a8a',
    accent: '#1e3a8a',
    onAccent: '#ffffff',
    focus: '#1d4ed8',
    warningText: '#b45309',
    dangerText: '#b91c1c',
    caveatBg: '#fef3c7',
    caveatBorder: '#d97706',
    errorBg: '#fef2f2',
    errorBorder: '#fca5a5',
    infoBg: '#eff6ff',
    infoBorder: '#bfdbfe',
    skeletonFrom: '#f1f5f9',
    skeletonTo: '#e2e8f0',
    noDataFill: '#e2e8f0',
    popoverBg: '#0f172a',
    popoverText: '#f8fafc',
    popoverMuted: '#cbd5e1',
    popoverBorder: '#0f172a',
  },
  dark: {
    bg: '#0b1220',
    panel: '#111a2e',
    controlBg: '#0b1220',
    raised: '#1e293b',
    text: '#e5e7eb',
    textSecondary: '#cbd5e1',
    textMuted: '#94a3b8',
    textFaint: '#94a3b8',
    border: '#334155',
    borderSubtle: '#1e293b',
    borderStrong: '#64748b',
    link: '#93c5fd',
    accent: '#1d4ed8',
    onAccent: '#ffffff',
    focus: '#93c5fd',
    warningText: '#fbbf24',
    dangerText: '#fca5a5',
    caveatBg: '#3b2a0a',
    caveatBorder: '#f59e0b',
    errorBg: '#2a1215',
    errorBorder: '#b91c1c',
    infoBg: '#0f2547',
    infoBorder: '#1e40af',
    skeletonFrom: '#1e293b',
    skeletonTo: '#334155',
    noDataFill: '#1e293b',
    popoverBg: '#1e293b',
    popoverText: '#f8fafc',
    popoverMuted: '#cbd5e1',
    popoverBorder: '#475569',
  },
};

/**
 * The WCAG 2 contrast ratio of two `#rgb` / `#rrggbb` colours, 1 to 21; NaN for anything else (rgba(), names),
 * so a comparison with it is false.
 */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function relativeLuminance(color: string): number {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex === undefined) return NaN;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
