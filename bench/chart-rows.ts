/** The chart views (rows 1–6 of bench/run.ts): their runs against their floors, and their rows of the table. */

import type { Browser } from '@playwright/test';

import { sizeInDist, type BundleReport } from './bundle-size';
import { type Server } from './bench-server';
import { measureDashboard, type DashboardRun } from './dashboard';
import { measureFloor, type FloorRun } from './floor';
import { type LongTaskStats } from './page-probes';
import { DAYS_90, DIST, LATENCY_MS, RUNS, YEAR } from './bench-options';
import { count, kB, median, ms, times } from './bench-table';

export interface View {
  id: string;
  label: string;
  path: string;
  slow?: boolean;
  /** Also the heap (row 5) and the repaint (row 4) in this view's runs. */
  extras?: boolean;
  /** Long tasks of the load in the summary (rows Vi–Vk). */
  longTasks?: boolean;
}

export const VIEWS: View[] = [
  { id: '1', label: 'year, 15 min, occupancy', path: YEAR, extras: true, longTasks: true },
  { id: '2', label: `year, 15 min, occupancy, latency ${LATENCY_MS} ms`, path: YEAR, slow: true, longTasks: true },
  { id: '3a', label: '90 days, occupancy 15 min', path: `/locations/11/occupancy?${DAYS_90}&interval=15min` },
  { id: '3b', label: '90 days, traffic 60 min', path: `/locations/11/traffic?${DAYS_90}&interval=60min` },
  { id: '3c', label: '90 days, dwell time daily', path: `/locations/11/dwell-time?${DAYS_90}&interval=daily` },
  { id: '3d', label: '90 days, availability 60 min', path: `/locations/11/availability?${DAYS_90}&interval=60min` },
];

export interface Sample {
  dashboard: DashboardRun;
  floor: FloorRun;
}
export async function sampleView(browser: Browser, server: Server, view: View, label: string, floor: boolean) {
  try {
    const dashboard = await measureDashboard(browser, server, view.path, {
      heap: view.extras === true,
      repaint: view.extras === true,
    });
    const floorRun = floor ? await measureFloor(browser, server, dashboard.chains) : null;
    const pages = dashboard.chains.reduce((sum, chain) => sum + chain.pages, 0);
    console.log(
      `${label} ${view.id.padEnd(3)} dashboard ${ms(dashboard.ms).padStart(8)} (${dashboard.requests} requests, ` +
        `${dashboard.chains.length} chain(s), ${pages} pages, ${dashboard.marks} chart-finished marks` +
        `${dashboard.confirmations ? ', large request confirmed' : ''})` +
        (floorRun
          ? `  floor ${ms(floorRun.ms).padStart(8)} (${floorRun.requests} requests)  ${times(dashboard.ms / floorRun.ms)}`
          : '') +
        (dashboard.repaint ? `  repaint ${ms(dashboard.repaint.ms)} (${dashboard.repaint.requests} requests)` : '') +
        (dashboard.repaintError ? `  repaint failed: ${dashboard.repaintError}` : '') +
        (dashboard.heapAfterGcBytes !== null ? `  heap ${(dashboard.heapAfterGcBytes / 1e6).toFixed(1)} MB` : ''),
    );
    const tasks = dashboard.longTasks;
    console.log(
      `    first request ${ms(dashboard.firstRequestMs)}, last response end ${ms(dashboard.lastResponseEndMs)}, ` +
        `chart drawn ${ms(dashboard.ms)}, final draw ${ms(dashboard.ms - dashboard.lastResponseEndMs)}` +
        (floorRun
          ? `; floor: first request ${ms(floorRun.firstRequestMs)}, last response end ` +
            `${ms(floorRun.lastResponseEndMs)}, last body read ${ms(floorRun.ms)}`
          : '') +
        (view.longTasks
          ? `; long tasks: ${tasks.load.count}, longest ${ms(tasks.load.longestMs)}; streaming longest ` +
            `${ms(tasks.streaming.longestMs)} (${tasks.streaming.count}), final draw longest ` +
            `${ms(tasks.finalDraw.longestMs)} (${tasks.finalDraw.count})`
          : ''),
    );
    if (dashboard.pageErrors.length > 0) console.warn(`    page errors: ${dashboard.pageErrors.join('; ')}`);
    return floorRun ? { dashboard, floor: floorRun } : null;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    console.error(`${label} ${view.id.padEnd(3)} FAILED: ${message}`);
    return new Error(message);
  }
}

/** The portfolio once, and its floor right after it; prints a line; a failure is returned, not thrown. */
function fetchNotes(samples: Sample[]): string {
  const last = samples.at(-1)!;
  const d = last.dashboard;
  const pages = d.chains.reduce((sum, chain) => sum + chain.pages, 0);
  const notes = [
    `first API request at ${ms(median(samples.map((sample) => sample.dashboard.firstRequestMs)))}`,
    `${pages} pages in ${d.chains.length} chain(s)`,
    `dashboard ${d.requests} req., floor ${last.floor.requests}`,
  ];
  if (d.repeats > 0) notes.push(`${d.repeats} first page(s) requested again`);
  if (d.orphans > 0) notes.push(`${d.orphans} chain(s) started from a cursor`);
  if (last.floor.shorter > 0) notes.push(`has_more ended ${last.floor.shorter} floor chain(s) sooner`);
  if (d.confirmations > 0) notes.push('"Load all … anyway" clicked');
  if (samples.some((sample) => sample.dashboard.markBeforeLastResponse)) {
    notes.push('last chart-finished before the last response');
  }
  return notes.join('; ');
}

function timingRows(view: View, runs: Sample[]): string[][] {
  const id = (letter: string) => (/\d$/.test(view.id) ? `${view.id}${letter}` : `${view.id}-${letter}`);
  const of = (pick: (sample: Sample) => number) => median(runs.map(pick));
  const none = runs.length === 0;
  const rows: string[][] = [
    [
      id('f'),
      '  first API request (from navigation)',
      none ? '' : ms(of((s) => s.dashboard.firstRequestMs)),
      none ? '' : ms(of((s) => s.floor.firstRequestMs)),
      'n/a',
      'resource timing startTime of the first metric request',
    ],
    [
      id('g'),
      '  last API response end',
      none ? '' : ms(of((s) => s.dashboard.lastResponseEndMs)),
      none ? '' : ms(of((s) => s.floor.lastResponseEndMs)),
      none ? '' : times(of((s) => s.dashboard.lastResponseEndMs / s.floor.lastResponseEndMs)),
      'resource timing responseEnd of the last metric response',
    ],
    [
      id('h'),
      '  final draw = chart drawn − last response end',
      none ? '' : ms(of((s) => s.dashboard.ms - s.dashboard.lastResponseEndMs)),
      'n/a',
      'n/a',
      `chart drawn = row ${view.id}'s dashboard figure (last chart-finished mark)`,
    ],
  ];
  if (!view.longTasks) return rows;
  const tasks = (measure: string, letter: string, pick: (run: DashboardRun) => LongTaskStats, what: string) => {
    const picked = runs.map((sample) => pick(sample.dashboard));
    rows.push([
      id(letter),
      measure,
      none ? '' : picked.every((stats) => stats.count === 0) ? 'none' : ms(median(picked.map((s) => s.longestMs))),
      'n/a',
      'n/a',
      none
        ? ''
        : `${what}; up to ${ms(Math.max(...picked.map((s) => s.longestMs)))}; ` +
          `${count(median(picked.map((s) => s.count)))} long task(s) over 50 ms, ` +
          `${ms(median(picked.map((s) => s.totalMs)))} in all`,
    ]);
  };
  tasks('  longest long task of the load', 'i', (run) => run.longTasks.load, 'navigation → settled');
  tasks(
    '  longest long task, streaming',
    'j',
    (run) => run.longTasks.streaming,
    'long tasks that ended by the last response end',
  );
  tasks(
    '  longest long task, final draw',
    'k',
    (run) => run.longTasks.finalDraw,
    'long tasks that ended after the last response end',
  );
  return rows;
}

/** Rows 1–6 of the summary. */
export function chartRows(
  rows: string[][],
  samples: Map<string, Sample[]>,
  failures: Map<string, string>,
  landingScripts: string[] | Error,
  bundle: BundleReport,
): void {
  const failed = (id: string, label: string) =>
    rows.push([id, label, 'failed', 'n/a', 'n/a', failures.get(id)?.slice(0, 160) ?? 'no run']);
  for (const view of VIEWS) {
    const runs = samples.get(view.id)!;
    const sub = timingRows(view, runs);
    if (runs.length === 0) {
      failed(view.id, view.label);
      for (const row of sub) rows.push([row[0]!, row[1]!, 'failed', 'n/a', 'n/a', `see row ${view.id}`]);
      continue;
    }
    rows.push([
      view.id,
      view.label,
      ms(median(runs.map((sample) => sample.dashboard.ms))),
      ms(median(runs.map((sample) => sample.floor.ms))),
      times(median(runs.map((sample) => sample.dashboard.ms / sample.floor.ms))),
      fetchNotes(runs) + (runs.length < RUNS ? `; ${RUNS - runs.length} run(s) failed` : ''),
    ]);
    rows.push(...sub);
  }

  const year = samples.get('1')!.map((sample) => sample.dashboard);
  const repaints = year.flatMap((run) => (run.repaint ? [run.repaint] : []));
  if (repaints.length > 0) {
    const requests = Math.max(...repaints.map((repaint) => repaint.requests));
    rows.push([
      '4',
      'filter change on cached data → repaint (year)',
      ms(median(repaints.map((repaint) => repaint.ms))),
      'n/a',
      'n/a',
      `${repaints[0]!.via}; change event → next chart-finished; last mark at ` +
        `${ms(median(repaints.map((repaint) => repaint.lastMs)))}; ` +
        (requests > 0 ? `up to ${requests} API request(s) after the change` : 'no API request after the change'),
    ]);
  } else {
    const error = year.find((run) => run.repaintError)?.repaintError;
    rows.push(['4', 'filter change on cached data → repaint (year)', 'failed', 'n/a', 'n/a', error ?? 'no run']);
  }

  const heaps = year.flatMap((run) => (run.heapAfterGcBytes === null ? [] : [run.heapAfterGcBytes]));
  rows.push([
    '5',
    'JS heap after GC, year loaded',
    heaps.length > 0 ? `${(median(heaps) / 1e6).toFixed(1)} MB` : 'failed',
    'n/a',
    'n/a',
    'HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize',
  ]);

  const shipped = (scripts: string[]) => {
    const sizes = scripts.map((file) => sizeInDist(DIST, file));
    return { total: sizes.reduce((sum, asset) => sum + asset.gzipBytes, 0), count: sizes.length };
  };
  if (landingScripts instanceof Error) {
    rows.push(['6a', 'shipped JS, / (landing), gzip', 'failed', 'n/a', 'n/a', landingScripts.message.slice(0, 160)]);
  } else {
    const landing = shipped(landingScripts);
    rows.push([
      '6a',
      'shipped JS, / (landing), gzip',
      kB(landing.total),
      'n/a',
      'n/a',
      `${landing.count} file(s) fetched`,
    ]);
  }
  const metricScripts = year[0]?.scripts;
  const metric = metricScripts ? shipped(metricScripts) : null;
  rows.push([
    '6b',
    'shipped JS, metric page, gzip',
    metric ? kB(metric.total) : 'failed',
    'n/a',
    'n/a',
    `${metric ? `${metric.count} file(s) fetched by row 1; ` : ''}static (size budget): initial ` +
      `${bundle.initialJsGzipKb.toFixed(1)} kB + lazy = ${bundle.metricPageJsGzipKb.toFixed(1)} kB`,
  ]);
}
