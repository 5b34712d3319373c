/**
 * ECharts, registered once with only what our charts use (modular imports from `echarts/core`), and the two
 * themes the charts are drawn with (`dashboard-light`, `dashboard-dark`). Only chart.tsx imports it, and the page
 * loads chart.tsx lazily, so ECharts is not in the initial bundle.
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { AxisBreak } from 'echarts/features';

import { contrastRatio, FONT_FAMILY, PALETTES, type ResolvedTheme } from '../lib/theme';
import { DARK_SCALES } from './heatmap-palette';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  CanvasRenderer,
  // Closed hours and days cut out of sub-daily axes (charts/time-axis.ts).
  AxisBreak,
]);

/** The name a chart is drawn with: `theme` of ReactEChartsCore. */
export function chartThemeName(theme: ResolvedTheme): string {
  return `dashboard-${theme}`;
}

/**
 * Everything but the data's own colours, from the app's palette (lib/theme.ts): text, axes, grid lines, legend,
 * tooltip, titles, the heatmap's scale and cell borders, the zoom slider, the capacity line and the labels of
 * marked areas. Series colours stay as the option builders set them: each of them reads at 3:1 or more on the
 * dark panel too (non-text contrast: 2563eb 3.4, c2410c 3.4, 0f766e 3.2, 15803d 3.5, 64748b 3.6), so the lines and
 * bars are the same in both themes. The option wins over the theme, so a colour the option sets is never replaced
 * here (see `themedOption` for the one exception).
 */
export function buildChartTheme(theme: ResolvedTheme): Record<string, unknown> {
  const c = PALETTES[theme];
  const dark = theme === 'dark';
  const axis = {
    axisLine: { lineStyle: { color: c.textFaint } },
    axisTick: { lineStyle: { color: c.textFaint } },
    axisLabel: { color: c.textSecondary },
    splitLine: { lineStyle: { color: [c.border] } },
    nameTextStyle: { color: c.textMuted },
  };
  return {
    // ECharts picks light or dark text for labels it colours itself ('auto') from this.
    darkMode: dark,
    // The panel shows through.
    backgroundColor: 'transparent',
    textStyle: { color: c.text, fontFamily: FONT_FAMILY },
    title: { textStyle: { color: c.text }, subtextStyle: { color: c.textMuted } },
    legend: {
      textStyle: { color: c.textSecondary },
      inactiveColor: c.borderStrong,
      pageTextStyle: { color: c.textSecondary },
      pageIconColor: c.link,
      pageIconInactiveColor: c.borderStrong,
    },
    tooltip: {
      backgroundColor: c.raised,
      borderColor: c.borderStrong,
      textStyle: { color: c.text },
    },
    axisPointer: {
      lineStyle: { color: c.textFaint },
      crossStyle: { color: c.textFaint },
      label: { backgroundColor: c.raised, color: c.text, borderColor: c.borderStrong },
    },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
    visualMap: { textStyle: { color: c.textSecondary } },
    dataZoom: {
      borderColor: c.border,
      textStyle: { color: c.textSecondary },
      fillerColor: withAlpha(c.link, 0.15),
      handleStyle: { color: c.panel, borderColor: c.textFaint },
      moveHandleStyle: { color: c.textFaint, opacity: 0.4 },
      brushStyle: { color: withAlpha(c.link, 0.2) },
      dataBackground: { lineStyle: { color: c.borderStrong }, areaStyle: { color: c.border } },
      selectedDataBackground: { lineStyle: { color: c.link }, areaStyle: { color: withAlpha(c.link, 0.25) } },
      emphasis: { handleStyle: { borderColor: c.link }, moveHandleStyle: { color: c.link, opacity: 0.6 } },
    },
    // Capacity lines (the only mark lines) and their label: red that reads on the theme's panel.
    markLine: { lineStyle: { color: c.dangerText }, label: { color: c.dangerText } },
    // "partial" and the target band's label.
    markArea: { label: { color: c.textMuted } },
    // Gaps between cells show the panel; on dark, a border, so cells at the dark end of the scale stay apart.
    heatmap: {
      itemStyle: { borderColor: dark ? c.border : c.panel },
      emphasis: { itemStyle: { borderColor: c.text } },
    },
    bar: { label: { color: c.textSecondary } },
  };
}

echarts.registerTheme(chartThemeName('light'), buildChartTheme('light'));
echarts.registerTheme(chartThemeName('dark'), buildChartTheme('dark'));

/** Below this contrast with the dark panel, a label colour an option chose counts as unreadable there. */
const MIN_LABEL_CONTRAST = 3;

/**
 * The option as drawn in `theme`. Option builders choose their few label colours for a light panel (the heatmap's
 * hour labels: dark inside the hours shown, grey outside), and an option's colour wins over the theme's. On dark,
 * an axis label colour (a string, or what a colour function returns) under 3:1 against the panel becomes the
 * theme's axis label colour; readable ones (the grey) are kept; a heatmap's scales become their dark twins
 * (heatmap-palette.ts). Anything else is returned as it is, and so is the
 * option itself when nothing changes (light, or no such colour), so a memoized option stays the same object.
 */
export function themedOption(option: EChartsCoreOption, theme: ResolvedTheme): EChartsCoreOption {
  if (theme === 'light') return option;
  const { panel, textSecondary } = PALETTES[theme];
  const unreadable = (color: unknown) => typeof color === 'string' && contrastRatio(color, panel) < MIN_LABEL_CONTRAST;

  let changed = false;
  const fixAxis = (axis: unknown): unknown => {
    const label = (axis as { axisLabel?: { color?: unknown } } | null | undefined)?.axisLabel;
    const color = label?.color;
    if (typeof color === 'function') {
      changed = true;
      const own = color as (...args: unknown[]) => unknown;
      const fixed = (...args: unknown[]) => {
        const chosen = own(...args);
        return unreadable(chosen) ? textSecondary : chosen;
      };
      return { ...(axis as object), axisLabel: { ...label, color: fixed } };
    }
    if (unreadable(color)) {
      changed = true;
      return { ...(axis as object), axisLabel: { ...label, color: textSecondary } };
    }
    return axis;
  };
  const next: EChartsCoreOption = { ...option };
  // The busiest-times scales: on a dark panel, empty hours dark and busy ones bright, not the other way round.
  if (Array.isArray(option.visualMap)) {
    next.visualMap = option.visualMap.map((map: { inRange?: { color?: readonly string[] } }) => {
      const dark = map.inRange?.color && DARK_SCALES.get(map.inRange.color);
      if (!dark) return map;
      changed = true;
      return { ...map, inRange: { ...map.inRange, color: dark } };
    });
  }
  for (const key of ['xAxis', 'yAxis'] as const) {
    const axes: unknown = option[key];
    if (axes !== undefined) next[key] = Array.isArray(axes) ? axes.map(fixAxis) : fixAxis(axes);
  }
  return changed ? next : option;
}

/** `#rrggbb` with an alpha, as rgba(). */
function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export { echarts };
