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
import { apiGet, expect, test } from './fixtures';
import { chartWorkerSession } from './heap-probes';
import {
  BASELINE_CYCLES,
  CURVE_HEADER,
  CYCLES,
  FINAL_CYCLES,
  formatSample,
  soakMeasures,
  type Sample,
} from './kiosk-soak-measures';
import { FIXED_NOW } from './servers';
import {
  CHARTS_ON_SCREEN,
  countChartFrames,
  PERIOD_MS,
  REFRESH_S,
  ROTATE_S,
  sample,
  screenSettled,
  trackApiRequests,
} from './kiosk-soak-probes';

const LOCATIONS = [20, 11] as const;
/**
 * The kiosk's default panels (docs/kiosk.md): today's occupancy against capacity (a chart and one request a
 * refresh), the headline figures and the busiest-times heatmap (a chart; both from the range's four series walks).
 * Traffic, a second chart of today like the first, is left out: drawing charts is most of what a cycle costs.
 */
const PANELS = 'now,figures,heatmap';
/**
 * How far before a boundary the clock stops jumping, and how long past it it runs: past the rotation's next
 * one-second tick (its phase is the page's, anything within a second of the boundary).
 */
const RUN_BEFORE_MS = 200;
const RUN_AFTER_MS = 1_000;
/**
 * The bounds below are set from recorded runs of this soak (bench/soak-runs.md, each run's curve and figures, and
 * the table of each bound against its runs; `npx tsx bench/soak-distribution.ts bench/soak-runs.md` measures them
 * again): each is half as much again as the largest figure of those runs, rounded up; where that largest figure is
 * 0, half as much again as the figure's own noise. The
 * growth is the floor (lowest settled sample) around the last cycle less the floor around cycle 50; a spike, the
 * highest settled sample after cycle 70 less the highest of cycles 30 to 70 (e2e/kiosk-soak-measures.ts). From
 * cycle 50 to 200, a leak of 50 kB a cycle (the one kept data once had) adds 7.5 MB and one of 10 kB 1.5 MB; a node,
 * listener or element a cycle adds 150; a canvas left behind at each rotation 150: each is over its bound.
 */
/** The page's heap after GC, floor growth: V8's compiled code as the same work repeats, and no more. */
const HEAP_GROWTH_MB = 1.4;
/** The page's heap, spike. */
const HEAP_SPIKE_MB = 1.1;
/** The chart worker's heap after GC, floor growth. */
const WORKER_HEAP_GROWTH_MB = 0.7;
/** The chart worker's heap, spike. */
const WORKER_HEAP_SPIKE_MB = 0.8;
/**
 * CDP's DOM node count (detached nodes awaiting collection included), floor growth and spike: a run stays at one
 * level throughout, so the bound is set from the gap between the levels runs settle at.
 */
const DOM_NODE_ROOM = 111;
/** JS event listeners (those of requests in flight when sampled included), floor growth: set from their noise. */
const LISTENER_GROWTH = 24;
/**
 * Listeners, spike: one sample taken while a refresh's requests are in flight stands above the floor by as much as the
 * listeners' noise (their spread, bench/soak-runs.md), so the spike has the same room as the growth; a listener
 * leaked a cycle would add 150.
 */
const LISTENER_SPIKE = 24;
/** Elements in the document: the same in every sample (growth, spike and noise 0). */
const ELEMENT_ROOM = 0;
/**
 * The chart worker's canvases (each chart's, its layers', the one it measures words on), the most after cycle 70
 * less the most of cycles 30 to 70: room for a layer ECharts adds as it goes.
 */
const WORKER_CANVASES_ABOVE = 2;
/** Canvases on the page (a chart's, handed to the worker). */
const PAGE_CANVASES = 3;
/**
 * Live ECharts instances on the page: none (its charts are drawn in the worker; none runs on the page until
 * someone points at a chart).
 */
const PAGE_ECHARTS = 0;
/**
 * Where the heap, the DOM and the listeners are sampled: every 10 cycles around cycle 50 and the last, where the
 * growth is taken from, and every 50 in between for the curve. Two garbage collections a sample are most of a
 * sample's cost, so no more samples than the comparison and the curve need.
 */
const SAMPLE_AT = new Set([...[30, 40, 50, 60, 70], ...[100, 150], ...[160, 170, 180, 190, 200]]);

// The clock starts where a rotation period with index 0 begins, as in e2e/kiosk.spec.ts, for both tests' periods.
const START = Math.floor(Date.parse(FIXED_NOW) / 60_000) * 60_000;

/** Any of `names`, as a whole heading. */
const anyLocationOf = (names: string[]) =>
  new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

// A trace of thousands of steps (a DOM snapshot each, every request recorded) costs more than the soak itself.
test.use({ trace: 'off' });

test.describe('kiosk soak', () => {
  test.use({
    server: 'soak',
    clockAt: new Date(START).toISOString(),
    // A small screen: less canvas to clear and paint a frame, the same code and the same objects as on a wall.
    viewport: { width: 960, height: 540 },
  });
  // A guard against a hang, not a budget: room for every cycle beside the rest of `npm test` on a shared 2-core
  // machine, where nearly all of a cycle is the page's own work (its renderer takes a core).
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
      CURVE_HEADER,
      ...samples.map(formatSample),
      `${CYCLES} cycles in ${seconds.toFixed(1)} s (${((seconds * 1000) / CYCLES).toFixed(0)} ms a cycle), ${api.made} API requests`,
    ].join('\n');
    console.log(`Kiosk soak curve:\n${curve}`);
    await test.info().attach('kiosk-soak-curve.txt', { body: curve, contentType: 'text/plain' });

    const measured = soakMeasures(samples, BASELINE_CYCLES, FINAL_CYCLES);
    expect(measured.baselineSamples, 'settled samples around cycle 50').toBeGreaterThanOrEqual(3);
    expect(measured.finalSamples, `settled samples around cycle ${CYCLES}`).toBeGreaterThanOrEqual(3);
    const checks: [string, number, number][] = [
      ['heap after GC, floor growth (MB)', measured.growth.heapMB, HEAP_GROWTH_MB],
      ['heap after GC, spike (MB)', measured.spike.heapMB, HEAP_SPIKE_MB],
      ['chart worker heap after GC, floor growth (MB)', measured.growth.workerHeapMB, WORKER_HEAP_GROWTH_MB],
      ['chart worker heap after GC, spike (MB)', measured.spike.workerHeapMB, WORKER_HEAP_SPIKE_MB],
      ['DOM nodes (CDP), floor growth', measured.growth.domNodes, DOM_NODE_ROOM],
      ['DOM nodes (CDP), spike', measured.spike.domNodes, DOM_NODE_ROOM],
      ['JS event listeners, floor growth', measured.growth.listeners, LISTENER_GROWTH],
      ['JS event listeners, spike', measured.spike.listeners, LISTENER_SPIKE],
      ['elements in the document, floor growth', measured.growth.elements, ELEMENT_ROOM],
      ['elements in the document, spike', measured.spike.elements, ELEMENT_ROOM],
      ['canvases in the chart worker, above around cycle 50', measured.workerCanvasesAbove, WORKER_CANVASES_ABOVE],
      ['canvases on the page', measured.canvases, PAGE_CANVASES],
      ['live ECharts instances on the page', measured.echarts, PAGE_ECHARTS],
    ];
    for (const [what, value, bound] of checks) {
      expect(value, `${what}: ${+value.toFixed(2)}, bound ${bound}`).toBeLessThanOrEqual(bound);
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
