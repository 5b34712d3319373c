/**
 * docs/figures.md against the definitions the screen shows: each figure of the utilization page
 * (FIGURE_DEFINITIONS) and of each metric page (METRIC_FIGURE_DEFINITIONS) has one row in its table, with its
 * label, its formula as the code states it, and (the utilization page's) the API series it is computed from; no
 * row names a figure the screen does not show. Driven by the definitions: a figure added, renamed or given another
 * formula in the code fails here until the docs say the same.
 */
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import { documentedTables, plain, tableWith } from '../test/figures-doc';
import { FIGURE_DEFINITIONS, FIGURE_KEYS } from './figures';
import { METRIC_FIGURE_DEFINITIONS } from './metric-figures';

const tables = documentedTables();

describe('docs/figures.md, the utilization page', () => {
  const rows = tableWith(tables, ['on screen', 'name', 'formula', 'API series']);

  it.each(FIGURE_KEYS)('%s: its label, its formula as the code states it, and its series', (key) => {
    const definition = FIGURE_DEFINITIONS[key];
    expect(rows.filter((row) => row.name === key)).toEqual([
      {
        'on screen': i18n._(definition.label),
        name: key,
        formula: plain(definition.formula),
        'API series': definition.sources.map((source) => `${source.metric} ${source.interval}`).join(', '),
      },
    ]);
  });

  it('names no figure the page does not show', () => {
    const shown = new Set<string>(FIGURE_KEYS);
    expect(rows.map((row) => row.name).filter((name) => !shown.has(name!))).toEqual([]);
  });
});

describe('docs/figures.md, the metric pages', () => {
  const rows = tableWith(tables, ['page', 'on screen', 'name', 'formula']);
  const figures = Object.entries(METRIC_FIGURE_DEFINITIONS).flatMap(([metric, definitions]) =>
    definitions.map((definition) => ({ metric, ...definition })),
  );

  it.each(figures.map((figure) => [`${figure.metric}: ${figure.key}`, figure] as const))(
    '%s: its page, its label and its formula as the code states it',
    (_, { metric, key, label, formula }) => {
      // The page by its metric's name in words: dwell_time → Dwell time.
      const page = metric.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
      expect(rows.filter((row) => row.name === key && row.page === page)).toEqual([
        { page, 'on screen': i18n._(label), name: key, formula: plain(formula) },
      ]);
    },
  );

  it('names no figure a metric page does not show, and each figure once', () => {
    const shown = figures.map((figure) => figure.key).sort();
    expect(rows.map((row) => row.name).sort()).toEqual(shown);
  });
});
