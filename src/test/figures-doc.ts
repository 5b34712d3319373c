/** docs/figures.md's tables, read for the tests that hold them against the definitions the screen shows. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { expect } from 'vitest';

export type Row = Readonly<Record<string, string>>;

/**
 * A Markdown table's cells as text: code spans and escaped pipes read as their characters, runs of white space as
 * one space. A definition's formula is compared with the same reading of itself.
 */
export const plain = (markdown: string) =>
  markdown
    .replace(/\\\|/g, '|')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Every table of docs/figures.md, each row keyed by its header's cells (as plain text). */
export function documentedTables(): Row[][] {
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
export function tableWith(tables: Row[][], columns: string[]): Row[] {
  const found = tables.filter((rows) => rows.length > 0 && Object.keys(rows[0]!).join('|') === columns.join('|'));
  expect(found, `one table headed ${columns.join(' | ')}`).toHaveLength(1);
  return found[0]!;
}
