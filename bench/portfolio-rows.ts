/** The portfolio's views (rows 7a–7j of bench/run.ts): their runs against their floors, and their rows of the table. */

import type { Browser } from '@playwright/test';

import { type Server } from './bench-server';
import {
  measurePoolFloor,
  measurePortfolio,
  PORTFOLIO_FIRST_ROWS,
  PORTFOLIO_WORKERS,
  type PoolFloorRun,
  type PortfolioRun,
} from './portfolio-bench';
import { PORTFOLIO_LATENCY_MS, PORTFOLIO_LOCATIONS, RUNS } from './bench-options';
import { count, median, ms, times } from './bench-table';

export interface PortfolioView {
  /** The rows' ids: [first rows, all rows, requests, heap, long task]. */
  ids: [string, string, string, string, string];
  label: string;
  slow: boolean;
}

export const PORTFOLIO_PATH = '/portfolio';
export const PORTFOLIO_VIEWS: PortfolioView[] = [
  { ids: ['7a', '7c', '7e', '7g', '7i'], label: 'portfolio', slow: false },
  { ids: ['7b', '7d', '7f', '7h', '7j'], label: `portfolio, latency ${PORTFOLIO_LATENCY_MS} ms`, slow: true },
];

export interface PortfolioSample {
  dashboard: PortfolioRun;
  floor: PoolFloorRun;
}

export async function samplePortfolio(
  browser: Browser,
  server: Server,
  view: PortfolioView,
  label: string,
  floor: boolean,
): Promise<PortfolioSample | Error | null> {
  const id = `${view.ids[0]}/${view.ids[1]}`;
  try {
    const dashboard = await measurePortfolio(browser, server, PORTFOLIO_PATH, PORTFOLIO_LOCATIONS);
    const floorRun = floor ? await measurePoolFloor(browser, server, dashboard.urls) : null;
    console.log(
      `${label} ${id} first ${PORTFOLIO_FIRST_ROWS} rows ${ms(dashboard.firstRowsMs)}, all rows ` +
        `${ms(dashboard.allRowsMs)} (${dashboard.requests} requests, peak ${dashboard.peakInFlight} in flight, ` +
        `heap ${(dashboard.heapAfterGcBytes / 1e6).toFixed(1)} MB, longest task ${ms(dashboard.longestTaskMs)})` +
        (floorRun
          ? `  floor ${ms(floorRun.ms)} (${floorRun.requests} requests)  ${times(dashboard.allRowsMs / floorRun.ms)}`
          : ''),
    );
    if (dashboard.pageErrors.length > 0) console.warn(`    page errors: ${dashboard.pageErrors.join('; ')}`);
    if (dashboard.consoleErrors.length > 0) {
      console.warn(
        `    console errors (${dashboard.consoleErrors.length}): ${dashboard.consoleErrors.slice(0, 3).join('; ')}`,
      );
    }
    return floorRun ? { dashboard, floor: floorRun } : null;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    console.error(`${label} ${id} FAILED: ${message}`);
    return new Error(message);
  }
}

/** The portfolio's rows of the summary table. */
export function portfolioRows(
  view: PortfolioView,
  samples: PortfolioSample[],
  failure: string | undefined,
): string[][] {
  const [firstId, allId, requestsId, heapId, taskId] = view.ids;
  const measures = [
    `${view.label}: first ${PORTFOLIO_FIRST_ROWS} rows filled`,
    `${view.label}: all rows filled`,
    `${view.label}: requests made / peak in flight`,
    `${view.label}: JS heap after GC, all rows loaded`,
    `${view.label}: longest long task of the load`,
  ];
  const ids = [firstId, allId, requestsId, heapId, taskId];
  if (samples.length === 0) {
    return ids.map((id, index) => [id, measures[index]!, 'failed', 'n/a', 'n/a', failure?.slice(0, 160) ?? 'no run']);
  }
  const of = (pick: (sample: PortfolioSample) => number) => median(samples.map(pick));
  const last = samples.at(-1)!.dashboard;
  const kinds = Object.entries(last.kinds)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${count(n)} ${kind}`)
    .join(', ');
  const short = samples.length < RUNS ? `; ${RUNS - samples.length} run(s) failed` : '';
  const errors = samples.reduce((sum, s) => sum + s.dashboard.pageErrors.length + s.dashboard.consoleErrors.length, 0);
  return [
    [
      firstId,
      measures[0]!,
      ms(of((s) => s.dashboard.firstRowsMs)),
      'n/a',
      'n/a',
      `list of ${count(PORTFOLIO_LOCATIONS)} shown at ${ms(of((s) => s.dashboard.listedMs))}; first API request at ` +
        `${ms(of((s) => s.dashboard.firstRequestMs))}` +
        short,
    ],
    [
      allId,
      measures[1]!,
      ms(of((s) => s.dashboard.allRowsMs)),
      ms(of((s) => s.floor.ms)),
      times(of((s) => s.dashboard.allRowsMs / s.floor.ms)),
      `floor: the ${count(last.urls.length)} completed requests (${kinds}) by ${PORTFOLIO_WORKERS} workers; its first ` +
        `request at ${ms(of((s) => s.floor.firstRequestMs))}, its last response end at ` +
        `${ms(of((s) => s.floor.lastResponseEndMs))}` +
        (errors > 0 ? `; ${errors} page/console error(s)` : '') +
        short,
    ],
    [
      requestsId,
      measures[2]!,
      `${count(of((s) => s.dashboard.requests))} / ${count(of((s) => s.dashboard.peakInFlight))}`,
      `${count(of((s) => s.floor.requests))} / ${PORTFOLIO_WORKERS}`,
      'n/a',
      `/v2/ requests until all rows filled; peak in flight up to ${Math.max(...samples.map((s) => s.dashboard.peakInFlight))} ` +
        `(Playwright's events, the limiter allows ${PORTFOLIO_WORKERS}); ` +
        `${count(of((s) => s.dashboard.failedRequests))} failed or aborted`,
    ],
    [
      heapId,
      measures[3]!,
      `${(of((s) => s.dashboard.heapAfterGcBytes) / 1e6).toFixed(1)} MB`,
      'n/a',
      'n/a',
      'HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize',
    ],
    [
      taskId,
      measures[4]!,
      samples.every((s) => s.dashboard.longTasks === 0) ? 'none' : ms(of((s) => s.dashboard.longestTaskMs)),
      'n/a',
      'n/a',
      `up to ${ms(Math.max(...samples.map((s) => s.dashboard.longestTaskMs)))}; ` +
        `${count(of((s) => s.dashboard.longTasks))} long task(s) over 50 ms, ${ms(of((s) => s.dashboard.longTasksTotalMs))} in all`,
    ],
  ];
}

/** Summary notes of a view's samples: what the dashboard fetched against what the floor walked. */
