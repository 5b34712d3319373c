/**
 * The busiest-times palette, low → high, one per theme, so that empty hours recede into the panel and busy ones
 * stand out in both: on a light panel from pale to deep (ColorBrewer GnBu, 7 classes), on a dark one from a dark
 * violet near the panel to bright yellow (viridis). Both are sequential in lightness and colour-blind safe. Cells
 * without data are drawn in a hatched grey on neither scale.
 */
import { PALETTES } from '../lib/theme';

export const HEATMAP_PALETTE_LIGHT = ['#f0f9e8', '#ccebc5', '#a8ddb5', '#7bccc4', '#4eb3d3', '#2b8cbe', '#08589e'];
export const HEATMAP_PALETTE_DARK = ['#440154', '#443983', '#31688e', '#21918c', '#35b779', '#90d743', '#fde725'];

/** The cells without data: a grey beside the panel in each theme (hatched, so never read as a value). */
export const NO_DATA_SCALE_LIGHT = [PALETTES.light.noDataFill, PALETTES.light.noDataFill];
export const NO_DATA_SCALE_DARK = [PALETTES.dark.noDataFill, PALETTES.dark.noDataFill];

/**
 * A light-panel scale → the same scale on a dark panel (charts/echarts.ts `themedOption` swaps them in a visualMap).
 * Keyed by the arrays themselves: a scale a builder made up elsewhere is left alone.
 */
export const DARK_SCALES: ReadonlyMap<readonly string[], readonly string[]> = new Map([
  [HEATMAP_PALETTE_LIGHT, HEATMAP_PALETTE_DARK],
  [NO_DATA_SCALE_LIGHT, NO_DATA_SCALE_DARK],
]);
