/** The summary table's figures and how they are printed. */
import { loadavg } from 'node:os';

import { kb } from './bundle-size';

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
export const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
export const kB = (bytes: number) => `${kb(bytes).toFixed(1)} kB`;
export const count = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

export function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const right = new Set([2, 3, 4]);
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (right.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(
    `|${widths.map((width, column) => (right.has(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
  );
  for (const row of body) console.log(line(row));
}

/** One view once, and its floor right after it; prints a line; a failure is returned, not thrown. */
