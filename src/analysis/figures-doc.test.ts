/**
 * docs/figures.md against the definitions the screen shows: each figure of the utilization page
 * (FIGURE_DEFINITIONS) and of each metric page (METRIC_FIGURE_DEFINITIONS) has one row in its table, with its
 * label, its formula as the code states it, and (the utilization page's) the API series it is computed from; no
 * row names a figure the screen does not show. Driven by the definitions: a figure added, renamed or given another
 * formula in the code fails here until the docs say the same.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { FIGURE_DEFINITIONS, FIGURE_KEYS } from './figures';
import { METRIC_FIGURE_DEFINITIONS } from './metric-figures';
import { PORTFOLIO_SUMMARY_KEYS, portfolioSummaryDefinitions } from './portfolio';

/** config.json's `portfolioBands` when left out (config/runtime-config.ts), which the doc's labels name. */
const DEFAULT_BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

type Row = Readonly<Record<string, string>>;

/**
 * A Markdown table's cells as text: code spans and escaped pipes read as their characters, runs of white space as
 * one space. A definition's formula is compared with the same reading of itself.
 */
const plain = (markdown: string) =>
  markdown
    .replace(/\\\|/g, '|')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Every table of docs/figures.md, each row keyed by its header's cells (as plain text). */
function documentedTables(): Row[][] {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/figures.md'), 'utf8');
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('|')) {
      current = null;
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\|/, '')
      .replace(/(?<!\\)\|$/, '')
      .split(/(?<!\\)\|/)
      .map(plain);
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (!current) tables.push((current = []));
    current.push(cells);
  }
  return tables.map(([header, ...rows]) =>
    rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? '']))),
  );
}

/** The one table whose header has exactly these columns. */
function tableWith(tables: Row[][], columns: string[]): Row[] {
  const found = tables.filter((rows) => rows.length > 0 && Object.keys(rows[0]!).join('|') === columns.join('|'));
  expect(found, `one table headed ${columns.join(' | ')}`).toHaveLength(1);
  return found[0]!;
}

const tables = documentedTables();

describe('docs/figures.md, the utilization page', () => {
  const rows = tableWith(tables, ['on screen', 'name', 'formula', 'API series']);

  it.each(FIGURE_KEYS)('%s: its label, its formula as the code states it, and its series', (key) => {
    const definition = FIGURE_DEFINITIONS[key];
    expect(rows.filter((row) => row.name === key)).toEqual([
      {
        'on screen': definition.label,
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
        { page, 'on screen': label, name: key, formula: plain(formula) },
      ]);
    },
  );

  it('names no figure a metric page does not show, and each figure once', () => {
    const shown = figures.map((figure) => figure.key).sort();
    expect(rows.map((row) => row.name).sort()).toEqual(shown);
  });
});

describe('docs/figures.md, the portfolio summary', () => {
  const rows = tableWith(tables, ['on screen', 'name', 'formula']);

  it('names every figure as the screen does, at the default bands, and no other', () => {
    const definitions = portfolioSummaryDefinitions(DEFAULT_BANDS);
    expect(rows.map((row) => ({ label: row['on screen'], name: row.name }))).toEqual(
      PORTFOLIO_SUMMARY_KEYS.map((key) => ({ label: definitions[key].label, name: key })),
    );
  });
});
