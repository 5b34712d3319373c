/**
 * The kiosk soak's figures over recorded runs: each run's curve (as e2e/kiosk-soak.spec.ts prints it) read back,
 * measured as the spec measures it (e2e/kiosk-soak-measures.ts), and the distribution of every figure a bound of
 * the spec is set against (min, median, max, mean, standard deviation), as Markdown tables.
 *
 *   npx tsx bench/soak-distribution.ts run-01.txt run-02.txt …   # one run's output per file
 *   npx tsx bench/soak-distribution.ts bench/soak-runs.md        # every curve kept there
 *
 * Asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import {
  BASELINE_CYCLES,
  FINAL_CYCLES,
  parseCurves,
  soakMeasures,
  type Floored,
  type SoakMeasures,
} from '../e2e/kiosk-soak-measures';

interface Run {
  name: string;
  measures: SoakMeasures;
}

const FLOORED_NAMES: Record<Floored, string> = {
  heapMB: 'heap MB',
  workerHeapMB: 'worker heap MB',
  domNodes: 'DOM nodes',
  listeners: 'listeners',
  elements: 'elements',
};
const ORDER: Floored[] = ['heapMB', 'workerHeapMB', 'domNodes', 'listeners', 'elements'];

/** Every column: its heading, how it is read from a run's measures, and its decimals. */
const COLUMNS: [string, (m: SoakMeasures) => number, number][] = [
  ...ORDER.map((name): [string, (m: SoakMeasures) => number, number] => [
    `${FLOORED_NAMES[name]} floor growth`,
    (m) => m.growth[name],
    name.endsWith('MB') ? 2 : 0,
  ]),
  ...ORDER.map((name): [string, (m: SoakMeasures) => number, number] => [
    `${FLOORED_NAMES[name]} spike`,
    (m) => m.spike[name],
    name.endsWith('MB') ? 2 : 0,
  ]),
  ...ORDER.map((name): [string, (m: SoakMeasures) => number, number] => [
    `${FLOORED_NAMES[name]} spread`,
    (m) => m.spread[name],
    name.endsWith('MB') ? 2 : 0,
  ]),
  ['worker canvases above', (m) => m.workerCanvasesAbove, 0],
  ['canvases', (m) => m.canvases, 0],
  ['ECharts', (m) => m.echarts, 0],
];

function runsOf(files: string[]): Run[] {
  return files.flatMap((file) =>
    parseCurves(readFileSync(file, 'utf8')).map((samples, index, all) => ({
      name: all.length > 1 ? `${basename(file)} #${index + 1}` : basename(file),
      measures: soakMeasures(samples, BASELINE_CYCLES, FINAL_CYCLES),
    })),
  );
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function main() {
  const runs = runsOf(process.argv.slice(2));
  if (runs.length === 0) throw new Error('no soak curve in the files given');
  const lines = [
    row(['run', ...COLUMNS.map(([heading]) => heading)]),
    row(['---', ...COLUMNS.map(() => '---:')]),
    ...runs.map((run) => row([run.name, ...COLUMNS.map(([, pick, decimals]) => pick(run.measures).toFixed(decimals))])),
    '',
    row([`over ${runs.length} runs`, ...COLUMNS.map(([heading]) => heading)]),
    row(['---', ...COLUMNS.map(() => '---:')]),
  ];
  const stats: [string, (values: number[]) => number][] = [
    ['min', (values) => Math.min(...values)],
    ['median', median],
    ['max', (values) => Math.max(...values)],
    ['mean', (values) => values.reduce((sum, value) => sum + value, 0) / values.length],
    [
      'sd',
      (values) => {
        const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
        return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
      },
    ],
  ];
  for (const [name, stat] of stats) {
    lines.push(
      row([
        name,
        ...COLUMNS.map(([, pick, decimals]) => stat(runs.map((run) => pick(run.measures))).toFixed(decimals + 1)),
      ]),
    );
  }
  const few = runs.filter((run) => run.measures.baselineSamples < 3 || run.measures.finalSamples < 3);
  if (few.length > 0)
    lines.push('', `Fewer than three settled samples at either end: ${few.map((r) => r.name).join(', ')}`);
  console.log(lines.join('\n'));
}

main();
