import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { FIGURE_DEFINITIONS, FIGURE_KEYS } from './figures';
import { METRIC_FIGURE_DEFINITIONS } from './metric-figures';
import { PORTFOLIO_SUMMARY_KEYS, portfolioSummaryDefinitions } from './portfolio';

/** config.json's `portfolioBands` when left out (config/runtime-config.ts), which the doc's labels name. */
const DEFAULT_BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

/** Each row of docs/figures.md's tables that names a figure: its label (the cell before the name) and its name. */
function documentedRows(): { label: string; name: string }[] {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/figures.md'), 'utf8');
  const rows: { label: string; name: string }[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const at = cells.findIndex((cell) => /^`[a-z0-9-]+`$/.test(cell));
    if (at > 0) rows.push({ label: cells[at - 1]!, name: cells[at]!.slice(1, -1) });
  }
  return rows;
}

describe('docs/figures.md', () => {
  const rows = documentedRows();

  it('names every figure of the utilization page as the screen does', () => {
    for (const key of FIGURE_KEYS) {
      expect(rows, key).toContainEqual({ label: FIGURE_DEFINITIONS[key].label, name: key });
    }
  });

  it('names every figure of each metric page as the screen does', () => {
    for (const definitions of Object.values(METRIC_FIGURE_DEFINITIONS)) {
      for (const { key, label } of definitions) expect(rows, key).toContainEqual({ label, name: key });
    }
  });

  it('names every figure of the portfolio summary as the screen does, at the default bands', () => {
    const definitions = portfolioSummaryDefinitions(DEFAULT_BANDS);
    for (const key of PORTFOLIO_SUMMARY_KEYS) {
      expect(rows, key).toContainEqual({ label: definitions[key].label, name: key });
    }
  });

  it('names no figure the screen does not show', () => {
    const shown = new Set([
      ...FIGURE_KEYS,
      ...PORTFOLIO_SUMMARY_KEYS,
      ...Object.values(METRIC_FIGURE_DEFINITIONS)
        .flat()
        .map((d) => d.key),
    ]);
    expect(rows.map((row) => row.name).filter((name) => !shown.has(name))).toEqual([]);
  });
});
