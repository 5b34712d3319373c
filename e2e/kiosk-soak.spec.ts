/**
 * The kiosk soak: a wall screen left on for hours must not grow. The kiosk is driven through hundreds of
 * refresh-and-rotate cycles with the browser's clock (`page.clock.fastForward`), and the JS heap after garbage
 * collection, the DOM node count and the live ECharts instances are measured along the way (Chromium's CDP).
 *
 * One cycle is one rotation and refresh period (15 s of the screen's clock): at its boundary the refresh marks what
 * can still change as stale, then the screen moves on to the next location (its charts are disposed, the next
 * location's drawn) and asks again for that location's stale data. Every cycle must make at least one API request
 * and draw at least one chart frame, so an idle screen cannot pass.
 *
 * The clock jumps to just before each boundary and then runs through it (`runFor`), so the timers due around it
 * fire in the order of their times, as they would on a wall. A jump across the boundary (`fastForward`) fires every
 * timer due at once in the order they were created: the rotation's one-second tick, older, moved the screen on and
 * cancelled the refresh due before it. (With a 10-second rotation and a 15-second refresh, one cycle in three
 * found its next location's data fresh and waited in real time for the refresh: most of the soak's time.)
 */
import type { CDPSession, Page } from '@playwright/test';

import { apiGet, expect, test } from './fixtures';
import { chartWorkerHeap, chartWorkerSession, liveEChartsInstances, type Send } from './heap-probes';
import { FIXED_NOW } from './servers';

const LOCATIONS = [20, 11] as const;
/**
 * The kiosk's default panels (docs/kiosk.md): today's occupancy against capacity (a chart and one request a
 * refresh), the headline figures and the busiest-times heatmap (a chart; both from the range's four series walks).
 * Traffic, a second chart of today like the first, is left out: drawing charts is most of what a cycle costs.
 */
const PANELS = 'now,figures,heatmap';
/** Charts on one location's screen: now, heatmap. */
const CHARTS_ON_SCREEN = 2;
/** The shortest refresh a kiosk allows (features/kiosk/kiosk-params.ts); the rotation is as short, so each cycle is both. */
const REFRESH_S = 15;
const ROTATE_S = REFRESH_S;
const PERIOD_MS = ROTATE_S * 1000;
/**
 * How far before a boundary the clock stops jumping, and how long past it it runs: past the rotation's next
 * one-second tick (its phase is the page's, anything within a second of the boundary).
 */
const RUN_BEFORE_MS = 200;
const RUN_AFTER_MS = 1_000;
/**
 * 200 cycles (50 minutes of the screen's clock): from cycle 50 on, a leak of 50 kB a cycle (the one kept data once
 * had) adds 7.5 MB, a node or listener a cycle 150, each far above the 5 % allowed. 500 cycles took 8.9 minutes
 * beside the rest of `npm test` on the shared 2-core machine and set the suite's time (12 minutes, over its 10);
 * 300 still left the suite at 9.5–10.6 minutes.
 */
const CYCLES = 200;
/**
 * Growth from around cycle 50 to around the last cycle, from the settled samples (at least three each) of cycles 30
 * to 70 and 160 to 200. Samples fall on even cycles, so on one location.
 */
const BASELINE_CYCLES = [30, 70] as const;
const FINAL_CYCLES = [CYCLES - 40, CYCLES] as const;
const MAX_GROWTH = 0.05;
/** The gap between the two levels CDP's DOM node count settles at (533 and 626 in the measured runs), and a little. */
const DOM_NODE_LEVELS = 100;
/**
 * The code V8 compiles as the same work repeats, which a heap's size counts: the page's heap, without ECharts since
 * its charts are drawn in a worker, is ~6.5 MB, and so is the worker's, so 5 % of either is less than that code.
 * Between cycles 50 and 300 a heap snapshot of the page grew by 0.53 MB of code (184 more optimised functions) and
 * not one JS object more; its floor rose 0.76 MB by cycle 200 and 0.97 MB by cycle 500, flattening (0.07 MB from
 * 400 to 500). The worker's floor rose 0.38 MB by cycle 200 in one run (6.56 → 6.94), level in three others. A leak
 * of 50 kB a cycle adds 7.5 MB by cycle 200.
 */
const JIT_CODE_MB = 0.75;
/** No settled sample after cycle 70 above the highest of cycles 30 to 70 by more than this. */
const MAX_SPIKE = 0.25;
/**
 * Where the heap, the DOM and the listeners are sampled: every 10 cycles around cycle 50 and the last, where the
 * growth is taken from, and every 50 in between for the curve. Two garbage collections a sample are most of a
 * sample's cost, so no more samples than the comparison and the curve need.
 */
const SAMPLE_AT = new Set([...[30, 40, 50, 60, 70], ...[100, 150], ...[160, 170, 180, 190, 200]]);

// The clock starts where a rotation period with index 0 begins, as in e2e/kiosk.spec.ts, for both tests' periods.
const START = Math.floor(Date.parse(FIXED_NOW) / 60_000) * 60_000;

interface Sample {
  cycle: number;
  heapMB: number;
  domNodes: number;
  elements: number;
  listeners: number;
  canvases: number;
  echarts: number;
  /** The chart worker's heap after two collections, and the canvases it holds (e2e/heap-probes.ts). */
  workerHeapMB: number;
  workerCanvases: number;
  /**
   * The screen's clock passed a rotation boundary while the sample was taken (the clock runs on in real time, and
   * garbage collection on a loaded machine can take seconds): the sample caught a change of screens, not a
   * settled one, so it is printed but left out of the comparison.
   */
  moved: boolean;
}

/**
 * Counts, in the page, every chart frame: `<Chart>` marks `chart-finished` on each ECharts 'finished' event
 * (src/charts/chart.tsx). `page.clock` replaces `performance` with a fake whose marks are never recorded or
 * observed, so the calls are counted as they are made (this script runs after the clock's).
 */
function countChartFrames() {
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
function screenSettled(page: Page, heading: string | null, framesBefore: number) {
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
function trackApiRequests(page: Page) {
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

async function sample(page: Page, cdp: CDPSession, worker: Send, cycle: number, boundary: number): Promise<Sample> {
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

/**
 * One line of the curve printed: cycle, heap MB, DOM nodes, elements, listeners, canvases, ECharts instances (on the
 * page), the chart worker's heap MB and canvases.
 */
const formatSample = (s: Sample) =>
  [
    s.cycle,
    s.heapMB.toFixed(2),
    s.domNodes,
    s.elements,
    s.listeners,
    s.canvases,
    s.echarts,
    s.workerHeapMB.toFixed(2),
    s.workerCanvases,
  ]
    .map((value, index) => String(value).padStart([5, 7, 9, 8, 9, 8, 7, 9, 8][index]!))
    .join('  ') + (s.moved ? '  (moved on while sampled: left out)' : '');

/** Any of `names`, as a whole heading. */
const anyLocationOf = (names: string[]) =>
  new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

const floor = (values: number[]) => Math.min(...values);
const highest = (values: number[]) => Math.max(...values);

// A trace of thousands of steps (a DOM snapshot each, every request recorded) costs more than the soak itself.
test.use({ trace: 'off' });

test.describe('kiosk soak', () => {
  test.use({
    server: 'soak',
    clockAt: new Date(START).toISOString(),
    // A small screen: less canvas to clear and paint a frame, the same code and the same objects as on a wall.
    viewport: { width: 960, height: 540 },
  });
  // A guard against a hang, not a budget. Measured on the shared 2-core machine: 280–300 ms a cycle alone, 0.9–1.1 s
  // beside the rest of `npm test`: nearly all of it the page's own work (its renderer takes a core).
  test.setTimeout(1_800_000);

  test(`heap, DOM and chart instances stay flat over ${CYCLES} refresh-and-rotate cycles`, async ({
    page,
    request,
    baseURL,
  }) => {
    const names = await Promise.all(
      LOCATIONS.map(async (id) => (await apiGet<{ name: string }>(request, baseURL, `/locations/${id}`)).name),
    );
    expect(new Set(names).size, 'two locations told apart by name').toBe(LOCATIONS.length);
    const heading = page.getByRole('heading', { level: 1 });
    const charts = page.locator('.kiosk-panels').getByRole('figure');

    await page.addInitScript(countChartFrames);
    const api = trackApiRequests(page);
    const cdp = await page.context().newCDPSession(page);
    const worker = chartWorkerSession(cdp);

    const shownAt = (nowMs: number) => names[Math.floor(nowMs / PERIOD_MS) % LOCATIONS.length]!;

    await page.goto(`/kiosk?locations=${LOCATIONS.join(',')}&panels=${PANELS}&rotate=${ROTATE_S}&refresh=${REFRESH_S}`);
    // The first location, or the second if loading the page took longer than a period on this shared machine.
    await expect(heading).toHaveText(anyLocationOf(names));
    await expect(charts).toHaveCount(CHARTS_ON_SCREEN);
    await expect.poll(() => api.inFlight).toBe(0);

    const samples: Sample[] = [];
    const started = Date.now();
    let settled = await screenSettled(page, null, 0);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const requestsBefore = api.made;
      const metricsBefore = api.metricsOf.length;
      // Through the boundary after the one the last cycle settled past: the page's clock has run on since, by the
      // time that cycle took to check, far less than a period.
      const boundary = (Math.floor(settled.now / PERIOD_MS) + 1) * PERIOD_MS;
      const now = await page.evaluate(() => Date.now());
      await page.clock.fastForward(Math.max(0, boundary - RUN_BEFORE_MS - now));
      await page.clock.runFor(RUN_BEFORE_MS + RUN_AFTER_MS);

      const framesBefore = settled.frames;
      settled = await screenSettled(page, shownAt(boundary), framesBefore);
      expect(
        settled,
        `cycle ${cycle}: the next location, every chart, a new chart frame, nothing asked for`,
      ).toMatchObject({
        heading: shownAt(boundary),
        busy: false,
        figures: CHARTS_ON_SCREEN,
      });
      expect(settled.frames, `cycle ${cycle}: at least one chart frame`).toBeGreaterThan(framesBefore);
      await expect
        .poll(() => ({ request: api.made > requestsBefore, inFlight: api.inFlight }), {
          message: `cycle ${cycle}: at least one API request, and every one answered`,
          intervals: [10],
        })
        .toEqual({ request: true, inFlight: 0 });
      // The refresh on the boundary asks only for the location coming on screen: the one leaving is marked stale,
      // not asked for and its answers thrown away a moment later.
      const shownId = LOCATIONS[Math.floor(boundary / PERIOD_MS) % LOCATIONS.length];
      expect(new Set(api.metricsOf.slice(metricsBefore)), `cycle ${cycle}: metrics asked for`).toEqual(
        new Set([shownId]),
      );

      if (SAMPLE_AT.has(cycle)) {
        // What a person would see, by role, at every sample (the cycles in between check the same in one call).
        await expect(heading).toHaveText(shownAt(boundary));
        await expect(charts).toHaveCount(CHARTS_ON_SCREEN);
        samples.push(await sample(page, cdp, await worker, cycle, boundary));
        // As it goes, so a run cut short still shows its curve.
        console.log(`soak ${formatSample(samples.at(-1)!)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    const seconds = (Date.now() - started) / 1000;

    const curve = [
      'cycle  heap MB  DOM nodes  elements  listeners  canvases  ECharts  worker MB  canvases',
      ...samples.map(formatSample),
      `${CYCLES} cycles in ${seconds.toFixed(1)} s (${((seconds * 1000) / CYCLES).toFixed(0)} ms a cycle), ${api.made} API requests`,
    ].join('\n');
    console.log(`Kiosk soak curve:\n${curve}`);
    await test.info().attach('kiosk-soak-curve.txt', { body: curve, contentType: 'text/plain' });

    const settledIn = ([from, to]: readonly [number, number]) =>
      samples.filter((s) => !s.moved && s.cycle >= from && s.cycle <= to);
    expect(settledIn(BASELINE_CYCLES).length, 'settled samples around cycle 50').toBeGreaterThanOrEqual(3);
    expect(settledIn(FINAL_CYCLES).length, `settled samples around cycle ${CYCLES}`).toBeGreaterThanOrEqual(3);
    // Growth: the floor (lowest settled sample) around the last cycle against the floor around cycle 50, for the heap
    // after two collections, CDP's DOM node count and JS event listeners. A floor is what a leak raises, and what
    // passing state does not: CDP's node count includes detached nodes awaiting collection and sits at one of two
    // levels (533 or 626 in the measured run), listeners count what is in flight when sampled (a request's abort
    // listener, an IndexedDB request's). Before the kiosk's kept data was bounded (kiosk-snapshot.ts), the heap rose
    // ~50 kB a cycle and fell back every 120–140 cycles (12.4 → 19.3 MB): a leak of 50 kB a cycle adds 22 MB, one
    // of 3 nodes or listeners a cycle 1,350. And no sample after cycle 50 may stand far above the samples around it
    // (a quarter: the node count's two levels are 17 % apart), so a leak released now and then fails as well.
    // CDP's node count may also rise once by the gap between its two levels (93 nodes, not explained yet: the
    // elements in the document stay at 338 throughout), so it gets that much room above its 5 %: a second run
    // measured 533 as its floor around cycle 50 and 626 at every sample around cycle 500 (of 500, then).
    const checks = [
      ['heap after GC (MB)', (s: Sample) => s.heapMB, JIT_CODE_MB],
      ['DOM nodes (CDP)', (s: Sample) => s.domNodes, DOM_NODE_LEVELS],
      ['JS event listeners', (s: Sample) => s.listeners, 0],
      ['elements in the document', (s: Sample) => s.elements, 0],
      ['chart worker heap after GC (MB)', (s: Sample) => s.workerHeapMB, JIT_CODE_MB],
    ] as const;
    const baseline = settledIn(BASELINE_CYCLES);
    const later = samples.filter((s) => !s.moved && s.cycle > BASELINE_CYCLES[1]);
    for (const [what, pick, levels] of checks) {
      const before = floor(baseline.map(pick));
      const after = floor(settledIn(FINAL_CYCLES).map(pick));
      expect(after, `${what}: floor ${before} around cycle 50, ${after} around cycle ${CYCLES}`).toBeLessThan(
        before * (1 + MAX_GROWTH) + levels,
      );
      const ceiling = highest(baseline.map(pick)) * (1 + MAX_SPIKE);
      for (const s of later) expect(pick(s), `${what} at cycle ${s.cycle}`).toBeLessThanOrEqual(ceiling);
    }
    // The chart worker's canvases (each chart's, its layers', the one it measures words on) after two collections:
    // 7 around cycle 50 in four runs, then 8 or 9 from cycle 150–180 on in three of them (back to 7 by cycle 200 in
    // one): layers ECharts adds as it goes, not one more a cycle. Never more than around cycle 50 and two layers a
    // chart: a canvas left behind at each rotation would be a hundred more by the last cycle.
    const workerCanvases = highest(baseline.map((s) => s.workerCanvases)) + 2 * CHARTS_ON_SCREEN;
    for (const s of later) {
      expect(s.workerCanvases, `canvases in the chart worker at cycle ${s.cycle}`).toBeLessThanOrEqual(workerCanvases);
    }
    for (const s of samples.filter((settled) => !settled.moved)) {
      // At most two canvases (layers) a chart: the heatmap paints its cells on a layer of their own (5 throughout).
      expect(s.canvases, `canvases on screen at cycle ${s.cycle}`).toBeLessThanOrEqual(2 * CHARTS_ON_SCREEN);
      // This screen's charts, and at most the last screen's, disposed but not yet collected: never an accumulation.
      expect(s.echarts, `live ECharts instances at cycle ${s.cycle}`).toBeLessThanOrEqual(2 * CHARTS_ON_SCREEN);
    }
  });
});

test.describe('a screen that rotates faster than it refreshes', () => {
  test.use({ server: 'soak', clockAt: new Date(START).toISOString() });
  const ROTATE_S = 10;
  const PERIOD_MS = ROTATE_S * 1000;

  test('asks again for each location it shows, and is never marked stale', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const names = await Promise.all(
      LOCATIONS.map(async (id) => (await apiGet<{ name: string }>(request, baseURL, `/locations/${id}`)).name),
    );
    const heading = page.getByRole('heading', { level: 1 });
    const status = page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });
    /** The location of each metric request made, in order. */
    const asked: number[] = [];
    page.on('request', (sent) => {
      const match = /^\/v2\/locations\/(\d+)\/[a-z_]+$/.exec(new URL(sent.url()).pathname);
      if (match) asked.push(Number(match[1]));
    });

    await page.goto(
      `/kiosk?locations=${LOCATIONS.join(',')}&panels=now,traffic&rotate=${ROTATE_S}&refresh=${REFRESH_S}`,
    );
    await expect(heading).toHaveText(anyLocationOf(names));
    await expect(status).toHaveText(/^Updated/);

    // 60 s of the clock: well past the 37.5 s after which data on screen counts as stale.
    for (let cycle = 1; cycle <= 6; cycle++) {
      const before = asked.length;
      const now = await page.evaluate(() => Date.now());
      const boundary = (Math.floor(now / PERIOD_MS) + 1) * PERIOD_MS;
      await page.clock.fastForward(boundary - now + 500);
      const index = Math.floor(boundary / PERIOD_MS) % LOCATIONS.length;
      await expect(heading, `cycle ${cycle}`).toHaveText(names[index]!);
      await expect
        .poll(() => asked.slice(before).filter((id) => id === LOCATIONS[index]).length, {
          message: `cycle ${cycle}: ${names[index]} asked again`,
        })
        .toBeGreaterThan(0);
      await expect(status, `cycle ${cycle}`).toHaveText(/^Updated \d\d:\d\d$/);
      await expect(status, `cycle ${cycle}`).not.toHaveClass(/stale/);
    }
  });
});
