/** docs/figures.md's portfolio summary table against the summary's definitions as the screen shows them. */
import { describe, expect, it } from 'vitest';

import { i18n } from '@lingui/core';

import { PORTFOLIO_SUMMARY_KEYS } from '../../analysis/portfolio';
import { RELEASE_COST_DEFINITION } from '../../analysis/release-cost';
import { documentedTables, tableWith } from '../../test/figures-doc';
import { portfolioSummaryDefinitions } from './summary-definitions';

/** config.json's `portfolioBands` when left out (config/runtime-config.ts), which the doc's labels name. */
const DEFAULT_BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

const tables = documentedTables();

describe('docs/figures.md, the portfolio summary', () => {
  const rows = tableWith(tables, ['on screen', 'name', 'formula']);

  it('names every figure as the screen does, at the default bands, and no other', () => {
    const definitions = portfolioSummaryDefinitions(DEFAULT_BANDS);
    const shown = PORTFOLIO_SUMMARY_KEYS.map((key) => ({ label: definitions[key].label, name: key as string }));
    // With a cost per place configured, the yearly cost of the places to release follows them.
    const release = { label: i18n._(RELEASE_COST_DEFINITION.label), name: 'release-cost' };
    shown.splice(shown.findIndex((figure) => figure.name === 'places-to-release') + 1, 0, release);
    expect(rows.map((row) => ({ label: row['on screen'], name: row.name }))).toEqual(shown);
  });

  it('gives the release cost’s formula as the code states it', () => {
    expect(rows.find((row) => row.name === 'release-cost')?.formula).toBe(RELEASE_COST_DEFINITION.formula);
  });
});
