/**
 * The floor a view is measured against: a blank same-origin page of a fresh context that makes the same API requests
 * with a bare `fetch` loop (bench/dashboard.ts says how it is timed).
 */
import type { Browser } from '@playwright/test';

import type { Server } from './bench-server';
import { type Chain, METRIC_PATH, NAME_SHIM, newBenchContext, VIEW_TIMEOUT } from './page-probes';

/** What a floor page does (runFloor): walk cursor chains one after another, or fetch URLs with a pool of workers. */
type FloorPlan =
  { kind: 'chains'; chains: Chain[]; api: string } | { kind: 'pool'; urls: string[]; workers: number; api: string };

/** What a floor page measured; times are its `performance.now()`, ms from its navigation start. */
interface FloorResult {
  /** Navigation start → the last response's body read. */
  ms: number;
  /** Navigation start → its first API request (resource timing startTime), NaN when there was none. */
  firstRequestMs: number;
  /** Navigation start → the end of its last API response (resource timing responseEnd), NaN when there was none. */
  lastResponseEndMs: number;
  requests: number;
  /** Chains where the floor's pages differ from the dashboard's (has_more ended it sooner); 0 for a pool. */
  shorter: number;
}

type FloorWindow = Window & { __benchFloor?: Promise<FloorResult> };

/**
 * The floor's fetch loop, an init script of its page (serialized: it may use nothing from this module). It starts on
 * the blank page `/config.json` as the document is created, and leaves its result as a promise in the page.
 */
function runFloor(plan: FloorPlan): void {
  if (location.pathname !== '/config.json') return; // the context's first page is about:blank
  performance.setResourceTimingBufferSize(100_000);
  const w = window as FloorWindow;
  w.__benchFloor = (async () => {
    const config = (await (await fetch('/config.json')).json()) as { token?: string };
    const headers: Record<string, string> = config.token ? { Authorization: `Bearer ${config.token}` } : {};
    let requests = 0;
    let shorter = 0;
    if (plan.kind === 'chains') {
      for (const chain of plan.chains) {
        let url = chain.start;
        for (let page = 1; ; page++) {
          const response = await fetch(url, { headers });
          const body = (await response.json()) as { pagination?: { has_more?: boolean; next_cursor?: string | null } };
          requests += 1;
          if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
          const next = body.pagination?.next_cursor;
          if (!body.pagination?.has_more || !next) {
            if (page < chain.pages) shorter += 1;
            break;
          }
          if (page >= chain.pages) break;
          const nextUrl = new URL(chain.start, location.origin);
          nextUrl.searchParams.set('cursor', next);
          url = nextUrl.pathname + nextUrl.search;
        }
      }
    } else {
      const { urls } = plan;
      let next = 0;
      const worker = async () => {
        while (next < urls.length) {
          const url = urls[next++]!;
          const response = await fetch(url, { headers });
          await response.json();
          requests += 1;
          if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(plan.workers, urls.length) }, worker));
    }
    const ms = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the last resource timing entry, should it come late
    const api = new RegExp(plan.api);
    let firstRequestMs = NaN;
    let lastResponseEndMs = NaN;
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!api.test(new URL(entry.name).pathname)) continue;
      if (!(entry.startTime >= firstRequestMs)) firstRequestMs = entry.startTime;
      if (!(entry.responseEnd <= lastResponseEndMs)) lastResponseEndMs = entry.responseEnd;
    }
    return { ms, firstRequestMs, lastResponseEndMs, requests, shorter };
  })();
}

/** Navigates a new page of a fresh context to `/config.json`, where runFloor carries out `plan`; its result. */
export async function floorPage(
  browser: Browser,
  server: Server,
  plan: FloorPlan,
  timeout: number,
): Promise<FloorResult> {
  const init = `${NAME_SHIM}\n(${runFloor.toString()})(${JSON.stringify(plan)});`;
  const context = await newBenchContext(browser, server.baseUrl, init);
  try {
    const page = await context.newPage();
    await page.goto('/config.json', { waitUntil: 'commit', timeout });
    await page.waitForFunction(() => (window as FloorWindow).__benchFloor !== undefined, undefined, {
      timeout,
      polling: 10,
    });
    return await page.evaluate(() => (window as FloorWindow).__benchFloor!);
  } finally {
    await context.close();
  }
}

export interface FloorRun {
  /** Navigation start of the floor page → the last response's body read. */
  ms: number;
  /** Navigation start → the floor's first metric API request. */
  firstRequestMs: number;
  /** Navigation start → the end of the floor's last metric API response. */
  lastResponseEndMs: number;
  requests: number;
  /** Chains where the floor's pages differ from the dashboard's (has_more ended it sooner). */
  shorter: number;
}

/**
 * Walks `chains` one after another with a bare fetch loop, on a blank same-origin page of a fresh context, timed
 * from that page's navigation start.
 */
export async function measureFloor(browser: Browser, server: Server, chains: Chain[]): Promise<FloorRun> {
  return floorPage(browser, server, { kind: 'chains', chains, api: METRIC_PATH.source }, VIEW_TIMEOUT);
}
