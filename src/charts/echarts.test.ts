import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it, vi } from 'vitest';

import type { OccupancyPoint } from '../api/schemas';
import { contrastRatio, PALETTES, type ResolvedTheme } from '../lib/theme';
import { HOUR_MS } from '../lib/time-spans';
import { buildChartTheme, chartThemeName, echarts, themedOption } from './echarts';
import {
  HEATMAP_PALETTE_DARK,
  HEATMAP_PALETTE_LIGHT,
  NO_DATA_SCALE_DARK,
  NO_DATA_SCALE_LIGHT,
} from './heatmap-palette';
import './echarts-utilization';
import type { ChartContext } from './chart-base';
import { buildOccupancyOption } from './options';
import { buildHeatmapOption, type UtilizationHeatmapCell } from './heatmap-option';
import { buildSmallMultiplesOption } from './small-multiples-option';

const START = Date.UTC(2026, 0, 5);
const context: ChartContext = { interval: '60min', zoneLabel: 'Europe/Berlin', nowMs: START + 48 * HOUR_MS };
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function hourly(count: number): OccupancyPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    timestamp: iso(START + i * HOUR_MS),
    window_start: iso(START + i * HOUR_MS),
    window_end: iso(START + (i + 1) * HOUR_MS),
    avg_occupancy: 10 + (i % 7),
    avg_utilization_percentage: (10 + (i % 7)) / 40,
    peak_occupancy: 15 + (i % 5),
    peak_utilization_percentage: (15 + (i % 5)) / 40,
  }));
}

const heatmapCells: UtilizationHeatmapCell[] = [
  { day: 2, hour: 9, value: 0.5, windows: 4 },
  { day: 3, hour: 14, value: 1.2, windows: 4 },
];
const heatmap = () =>
  buildHeatmapOption(heatmapCells, {
    mode: 'average',
    zoneLabel: 'Europe/Berlin',
    weekdayOrder: [2, 3, 4, 5, 6, 7, 1],
    dayName: (digit) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][digit - 1]!,
    hourRange: { start: 8, end: 17 },
  });

/** Server-side SVG in the named theme, as the app draws it (themedOption); no complaints on the console. */
function draw(option: EChartsCoreOption, theme: ResolvedTheme): string {
  echarts.use(SVGRenderer); // for these tests only: the app draws on a canvas
  const complaints = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  const chart = echarts.init(null, chartThemeName(theme), { renderer: 'svg', ssr: true, width: 1200, height: 600 });
  try {
    chart.setOption(themedOption(option, theme));
    const svg = chart.renderToSVGString();
    for (const spy of complaints) expect(spy).not.toHaveBeenCalled();
    return svg;
  } finally {
    chart.dispose();
  }
}

/** The fill of the text element that shows `text` exactly. */
function fillOf(svg: string, text: string): string | undefined {
  const element = [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].find(([, , content]) => content === text);
  return element && /fill="([^"]+)"/.exec(element[1]!)?.[1];
}

/** The fills of every text element. */
const textFills = (svg: string) => new Set([...svg.matchAll(/<text\b[^>]*fill="([^"]+)"/g)].map(([, fill]) => fill));

describe('the chart themes', () => {
  it('are registered under the names the chart uses, and differ in text colour', () => {
    const light = draw(buildOccupancyOption(hourly(24), { ...context, capacity: 40 }), 'light');
    const dark = draw(buildOccupancyOption(hourly(24), { ...context, capacity: 40 }), 'dark');
    // An unregistered theme name would draw ECharts' defaults in both.
    expect(fillOf(light, '10')).toBe(PALETTES.light.textSecondary);
    expect(fillOf(dark, '10')).toBe(PALETTES.dark.textSecondary);
    expect(fillOf(light, 'Average')).toBe(PALETTES.light.textSecondary);
    expect(fillOf(dark, 'Average')).toBe(PALETTES.dark.textSecondary);
    expect(fillOf(dark, 'People')).toBe(PALETTES.dark.textMuted);
    expect(buildChartTheme('light').textStyle).not.toEqual(buildChartTheme('dark').textStyle);
  });

  it('draw the capacity label in a red that reads on the panel of each', () => {
    for (const theme of ['light', 'dark'] as const) {
      const svg = draw(buildOccupancyOption(hourly(24), { ...context, capacity: 40 }), theme);
      expect(fillOf(svg, 'Capacity 40')).toBe(PALETTES[theme].dangerText);
    }
  });

  it('dark: no text of any chart is drawn in a colour that does not read on the dark panel', () => {
    const options = [
      buildOccupancyOption(hourly(24), { ...context, capacity: 40 }),
      heatmap(),
      buildSmallMultiplesOption(
        [
          { name: 'Room A', points: hourly(24) },
          { name: 'Room B', points: hourly(24) },
        ],
        context,
      ),
    ];
    const readableOnDark = new Set([...Object.values(PALETTES.dark), '#94a3b8']);
    for (const option of options) {
      const unreadable = [...textFills(draw(option, 'dark'))].filter((fill) => !readableOnDark.has(fill!));
      expect(unreadable).toEqual([]);
    }
  });

  it('dark: the heatmap hours shown read in the label colour, the others stay fainter', () => {
    const svg = draw(heatmap(), 'dark');
    expect(fillOf(svg, '12')).toBe(PALETTES.dark.textSecondary);
    expect(fillOf(svg, '03')).toBe('#94a3b8');
    // Light draws what the builder chose.
    expect(fillOf(draw(heatmap(), 'light'), '12')).toBe('#1f2937');
  });

  it('take the small multiples’ titles', () => {
    const option = buildSmallMultiplesOption([{ name: 'Room A', points: hourly(24) }], context);
    expect(fillOf(draw(option, 'light'), 'Room A')).toBe(PALETTES.light.text);
    expect(fillOf(draw(option, 'dark'), 'Room A')).toBe(PALETTES.dark.text);
  });
});

/** A colour's lightness, as its contrast against black (grows with relative luminance). */
const lightness = (color: string) => contrastRatio(color, '#000000');

describe('the busiest-times palette', () => {
  it('recedes into the panel at zero and stands out when busy, in each theme', () => {
    // Light: from pale (near the white panel) to deep; each step darker than the last.
    for (let i = 1; i < HEATMAP_PALETTE_LIGHT.length; i++) {
      expect(lightness(HEATMAP_PALETTE_LIGHT[i]!)).toBeLessThan(lightness(HEATMAP_PALETTE_LIGHT[i - 1]!));
    }
    // Dark: from dark (near the dark panel) to bright; each step lighter than the last. Empty night hours are
    // never the brightest cells.
    for (let i = 1; i < HEATMAP_PALETTE_DARK.length; i++) {
      expect(lightness(HEATMAP_PALETTE_DARK[i]!)).toBeGreaterThan(lightness(HEATMAP_PALETTE_DARK[i - 1]!));
    }
    expect(contrastRatio(HEATMAP_PALETTE_LIGHT[0]!, PALETTES.light.panel)).toBeLessThan(1.2);
    expect(contrastRatio(HEATMAP_PALETTE_DARK[0]!, PALETTES.dark.panel)).toBeLessThan(1.5);
    // The no-data grey stays beside the panel too.
    expect(contrastRatio(NO_DATA_SCALE_DARK[0]!, PALETTES.dark.panel)).toBeLessThan(1.5);
  });

  it('themedOption swaps in the dark scales on dark, and leaves light alone', () => {
    const option = heatmap() as { visualMap: { inRange: { color: readonly string[] } }[] };
    expect(option.visualMap.map((map) => map.inRange.color)).toEqual([HEATMAP_PALETTE_LIGHT, NO_DATA_SCALE_LIGHT]);
    const dark = themedOption(option, 'dark') as typeof option;
    expect(dark.visualMap.map((map) => map.inRange.color)).toEqual([HEATMAP_PALETTE_DARK, NO_DATA_SCALE_DARK]);
    expect(option.visualMap[0]!.inRange.color).toBe(HEATMAP_PALETTE_LIGHT);
  });
});

describe('themedOption', () => {
  it('returns the option itself on light, and on dark when no axis label has a colour of its own', () => {
    const option = buildOccupancyOption(hourly(24), { ...context, capacity: 40 });
    expect(themedOption(option, 'light')).toBe(option);
    expect(themedOption(option, 'dark')).toBe(option);
    const hm = heatmap();
    expect(themedOption(hm, 'light')).toBe(hm);
    // A heatmap on dark changes (its scales), a line chart does not.
    expect(themedOption(hm, 'dark')).not.toBe(hm);
  });

  it('on dark, replaces label colours under 3:1 on the panel, strings and what colour functions return', () => {
    const option = {
      xAxis: [{ axisLabel: { color: '#1f2937', fontSize: 10 } }, { axisLabel: { color: '#94a3b8' } }],
      yAxis: { axisLabel: { color: (_value: unknown, index: number) => (index === 0 ? '#111827' : '#fde725') } },
      series: [],
    };
    const themed = themedOption(option, 'dark') as typeof option;
    expect(themed.xAxis[0]!.axisLabel).toEqual({ color: PALETTES.dark.textSecondary, fontSize: 10 });
    expect(themed.xAxis[1]).toBe(option.xAxis[1]);
    expect(themed.yAxis.axisLabel.color('a', 0)).toBe(PALETTES.dark.textSecondary);
    expect(themed.yAxis.axisLabel.color('b', 1)).toBe('#fde725');
    // The builder's option is not touched.
    expect(option.xAxis[0]!.axisLabel.color).toBe('#1f2937');
  });
});
