/**
 * What the kiosk soak (e2e/kiosk-soak.spec.ts) measures from its samples, in one place: the spec asserts these
 * figures against its bounds, and bench/soak-distribution.ts reads them from the curves of recorded runs, to set
 * those bounds from a distribution. No Playwright here: the script imports it under Node.
 */

/**
 * 200 cycles (50 minutes of the screen's clock): from cycle 50 on, a leak of 50 kB a cycle (the one kept data once
 * had) adds 7.5 MB, a node or listener a cycle 150, each well over its bound; and few enough that the soak does not
 * set the time of `npm test` (bench/measurements.md keeps what longer soaks took).
 */
export const CYCLES = 200;
/**
 * Growth from around cycle 50 to around the last cycle, from the settled samples (at least three each) of cycles 30
 * to 70 and 160 to 200. Samples fall on even cycles, so on one location.
 */
export const BASELINE_CYCLES = [30, 70] as const;
export const FINAL_CYCLES = [CYCLES - 40, CYCLES] as const;

export interface Sample {
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

/** The curve's header, one line. */
export const CURVE_HEADER = 'cycle  heap MB  DOM nodes  elements  listeners  canvases  ECharts  worker MB  canvases';
const MOVED = '  (moved on while sampled: left out)';

/**
 * One line of the curve printed: cycle, heap MB, DOM nodes, elements, listeners, canvases, ECharts instances (on the
 * page), the chart worker's heap MB and canvases.
 */
export const formatSample = (s: Sample) =>
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
    .join('  ') + (s.moved ? MOVED : '');

/** The samples of each curve `formatSample` printed (the lines after each CURVE_HEADER), in a run's output. */
export function parseCurves(output: string): Sample[][] {
  const lines = output.split('\n');
  const curves: Sample[][] = [];
  lines.forEach((line, at) => {
    if (line.trim() !== CURVE_HEADER) return;
    const samples: Sample[] = [];
    for (const row of lines.slice(at + 1)) {
      const fields = row.replace(MOVED, '').trim().split(/\s+/).map(Number);
      if (fields.length !== 9 || fields.some(Number.isNaN)) break;
      const [cycle, heapMB, domNodes, elements, listeners, canvases, echarts, workerHeapMB, workerCanvases] =
        fields as [number, number, number, number, number, number, number, number, number];
      const moved = row.includes(MOVED);
      samples.push({
        cycle,
        heapMB,
        domNodes,
        elements,
        listeners,
        canvases,
        echarts,
        workerHeapMB,
        workerCanvases,
        moved,
      });
    }
    curves.push(samples);
  });
  return curves;
}

/** The quantities whose floor and spikes are compared, and how each is read from a sample. */
export const FLOORED = {
  heapMB: (s: Sample) => s.heapMB,
  domNodes: (s: Sample) => s.domNodes,
  listeners: (s: Sample) => s.listeners,
  elements: (s: Sample) => s.elements,
  workerHeapMB: (s: Sample) => s.workerHeapMB,
} as const;
export type Floored = keyof typeof FLOORED;

export interface SoakMeasures {
  /** Settled samples around cycle 50 and around the last cycle. */
  baselineSamples: number;
  finalSamples: number;
  /**
   * The floor (lowest settled sample) around the last cycle less the floor around cycle 50. A floor is what a leak
   * raises and passing state does not (caches released now and then, a request's listener in flight).
   */
  growth: Record<Floored, number>;
  /** The highest settled sample after the baseline's cycles less the highest of the baseline. */
  spike: Record<Floored, number>;
  /** The most two settled samples of the run differ by (what a figure varies by with nothing kept). */
  spread: Record<Floored, number>;
  /** The chart worker's canvases: the most after the baseline's cycles less the most among the baseline's. */
  workerCanvasesAbove: number;
  /** The most canvases on the page, and live ECharts instances on it, in any settled sample. */
  canvases: number;
  echarts: number;
}

const floorOf = (values: number[]) => Math.min(...values);
const highest = (values: number[]) => Math.max(...values);

export function soakMeasures(
  samples: readonly Sample[],
  baselineCycles: readonly [number, number],
  finalCycles: readonly [number, number],
): SoakMeasures {
  const settled = samples.filter((s) => !s.moved);
  const within = ([from, to]: readonly [number, number]) => settled.filter((s) => s.cycle >= from && s.cycle <= to);
  const baseline = within(baselineCycles);
  const final = within(finalCycles);
  const later = settled.filter((s) => s.cycle > baselineCycles[1]);
  const each = (measure: (pick: (s: Sample) => number) => number) =>
    Object.fromEntries(Object.entries(FLOORED).map(([name, pick]) => [name, measure(pick)])) as Record<Floored, number>;
  return {
    baselineSamples: baseline.length,
    finalSamples: final.length,
    growth: each((pick) => floorOf(final.map(pick)) - floorOf(baseline.map(pick))),
    spike: each((pick) => highest(later.map(pick)) - highest(baseline.map(pick))),
    spread: each((pick) => highest(settled.map(pick)) - floorOf(settled.map(pick))),
    workerCanvasesAbove: highest(later.map((s) => s.workerCanvases)) - highest(baseline.map((s) => s.workerCanvases)),
    canvases: highest(settled.map((s) => s.canvases)),
    echarts: highest(settled.map((s) => s.echarts)),
  };
}
