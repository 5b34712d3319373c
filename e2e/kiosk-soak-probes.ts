/**
 * What the kiosk soak (e2e/kiosk-soak.spec.ts) reads from the page as it runs: its period and the charts on a
 * screen, the chart frames drawn, when a screen has settled, the API requests made, and each sample (the heap after
 * GC, the DOM counters, the canvases, ECharts' instances, the chart worker's heap).
 */
import type { CDPSession, Page } from '@playwright/test';

import { chartWorkerHeap, liveEChartsInstances, type Send } from './heap-probes';
import { type Sample } from './kiosk-soak-measures';

/** Charts on one location's screen: now, heatmap. */
export const CHARTS_ON_SCREEN = 2;
/** The shortest refresh a kiosk allows (features/kiosk/kiosk-params.ts); the rotation is as short, so each cycle is both. */
export const REFRESH_S = 15;
export const ROTATE_S = REFRESH_S;
export const PERIOD_MS = ROTATE_S * 1000;
/**
 * Counts, in the page, every chart frame: `<Chart>` marks `chart-finished` on each ECharts 'finished' event
 * (src/charts/chart.tsx). `page.clock` replaces `performance` with a fake whose marks are never recorded or
 * observed, so the calls are counted as they are made (this script runs after the clock's).
 */
export function countChartFrames() {
  const counters = { frames: 0 };
  Object.assign(window, { __soak: counters });
  const mark = performance.mark.bind(performance);
  performance.mark = (name: string, options?: PerformanceMarkOptions) => {
    if (name === 'chart-finished') counters.frames++;
    return mark(name, options);
  };
}

/**
 * Waits, inside the page (one round trip a cycle: this machine is shared), until the screen shows `heading` (any,
 * if null) with every chart, asks for nothing (`aria-busy`), and a chart frame was drawn since `framesBefore`; gives
 * up after about 30 s and returns what it saw.
 */
export function screenSettled(page: Page, heading: string | null, framesBefore: number) {
  return page.evaluate(
    async ({ heading, framesBefore, charts }) => {
      const seen = () => ({
        heading: document.querySelector('h1')?.textContent ?? null,
        // The screen asks for nothing more (the page's own count of queries fetching): a walk's next page can
        // leave after every request so far has been answered.
        busy: document.querySelector('.kiosk-screen')?.getAttribute('aria-busy') === 'true',
        figures: [...document.querySelectorAll('.kiosk-panels figure')].filter((f) => f.querySelector('canvas')).length,
        frames: (window as unknown as { __soak: { frames: number } }).__soak.frames,
        now: Date.now(),
      });
      for (let attempt = 0; attempt < 3000; attempt++) {
        const state = seen();
        const shown = heading === null ? state.heading !== null : state.heading === heading;
        if (shown && !state.busy && state.figures === charts && state.frames > framesBefore) return state;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return seen();
    },
    { heading, framesBefore, charts: CHARTS_ON_SCREEN },
  );
}

/**
 * The API requests the page makes (the simulator's /v2 paths), counted and tracked while in flight, and the
 * location of each metric request, in order.
 */
export function trackApiRequests(page: Page) {
  const api = { made: 0, inFlight: 0, metricsOf: [] as number[] };
  const isApi = (url: string) => new URL(url).pathname.startsWith('/v2/');
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    api.made++;
    api.inFlight++;
    const metric = /^\/v2\/locations\/(\d+)\/[a-z_]+$/.exec(new URL(request.url()).pathname);
    if (metric) api.metricsOf.push(Number(metric[1]));
  });
  const done = (request: { url(): string }) => {
    if (isApi(request.url())) api.inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return api;
}

export async function sample(
  page: Page,
  cdp: CDPSession,
  worker: Send,
  cycle: number,
  boundary: number,
): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const inDocument = await page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    canvases: document.getElementsByTagName('canvas').length,
  }));
  const echarts = await liveEChartsInstances(cdp);
  const inWorker = await chartWorkerHeap(worker);
  const now = await page.evaluate(() => Date.now());
  return {
    cycle,
    heapMB: Math.round((usedSize / 2 ** 20) * 100) / 100,
    domNodes: counters.nodes,
    listeners: counters.jsEventListeners,
    ...inDocument,
    echarts,
    workerHeapMB: inWorker.heapMB,
    workerCanvases: inWorker.canvases,
    moved: Math.floor(now / PERIOD_MS) !== Math.floor(boundary / PERIOD_MS),
  };
}
