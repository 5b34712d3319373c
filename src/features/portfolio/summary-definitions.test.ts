/** docs/figures.md's portfolio summary table against the summary's definitions as the screen shows them. */
import { describe, expect, it } from 'vitest';

import { PORTFOLIO_SUMMARY_KEYS } from '../../analysis/portfolio';
import { documentedTables, tableWith } from '../../test/figures-doc';
import { portfolioSummaryDefinitions } from './summary-definitions';

/** config.json's `portfolioBands` when left out (config/runtime-config.ts), which the doc's labels name. */
const DEFAULT_BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

const tables = documentedTables();

describe('docs/figures.md, the portfolio summary', () => {
  const rows = tableWith(tables, ['on screen', 'name', 'formula']);

  it('names every figure as the screen does, at the default bands, and no other', () => {
    const definitions = portfolioSummaryDefinitions(DEFAULT_BANDS);
    expect(rows.map((row) => ({ label: row['on screen'], name: row.name }))).toEqual(
      PORTFOLIO_SUMMARY_KEYS.map((key) => ({ label: definitions[key].label, name: key })),
    );
  });
});
