/**
 * Lighthouse's mobile preset slows the CPU 4×, a factor set for a host whose `benchmarkIndex` is 1,500–2,000 (its
 * throttling docs): on a slower host 4× emulates a slower phone than it means to, on a faster one a faster phone. The
 * bench measures the host first and scales the factor so that every host emulates the same phone:
 * multiplier = 4 × benchmarkIndex ÷ 1,750, clamped to 1–6. `LIGHTHOUSE_CPU_MULTIPLIER` forces a value (4 is
 * Lighthouse's own).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

import { CHROMIUM_ARGS } from '../e2e/browser-path.mjs';

/** The benchmarkIndex the mobile preset's 4× is meant for: the middle of Lighthouse's 1,500–2,000. */
export const REFERENCE_BENCHMARK_INDEX = 1_750;
const [MIN_MULTIPLIER, MAX_MULTIPLIER] = [1, 6];
/** Runs of the calibration: their median is the host's index. */
const CALIBRATION_RUNS = 3;

export interface Calibration {
  /** The host's benchmarkIndex (median of the calibration runs), or null when the multiplier was forced. */
  benchmarkIndex: number | null;
  cpuSlowdownMultiplier: number;
  forced: boolean;
}

/** The multiplier for a host of `benchmarkIndex`, to two decimals, within 1–6. */
export function multiplierFor(benchmarkIndex: number): number {
  const raw = (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, raw)) * 100) / 100;
}

/** The mobile preset's throttling with the calibrated CPU factor. */
export function mobileThrottling(calibration: Calibration): Flags['throttling'] {
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: calibration.cpuSlowdownMultiplier };
}

/** Measures the host's benchmarkIndex with Lighthouse itself (a short run on `url`), unless a multiplier is forced. */
export async function calibrate(url: string, chromePath: string, log = console.log): Promise<Calibration> {
  const forced = process.env.LIGHTHOUSE_CPU_MULTIPLIER;
  if (forced) {
    const value = Number(forced);
    if (!(value > 0)) throw new Error(`LIGHTHOUSE_CPU_MULTIPLIER must be a positive number, not “${forced}”`);
    return { benchmarkIndex: null, cpuSlowdownMultiplier: value, forced: true };
  }
  const indexes: number[] = [];
  for (let run = 0; run < CALIBRATION_RUNS; run++) indexes.push(await benchmarkIndexOf(url, chromePath));
  const benchmarkIndex = indexes.sort((a, b) => a - b)[Math.floor(indexes.length / 2)]!;
  log(`  benchmarkIndex ${indexes.map(Math.round).join(', ')}: median ${Math.round(benchmarkIndex)}`);
  return { benchmarkIndex, cpuSlowdownMultiplier: multiplierFor(benchmarkIndex), forced: false };
}

async function benchmarkIndexOf(url: string, chromePath: string): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyAudits: ['first-contentful-paint'],
    });
    const index = result?.lhr.environment.benchmarkIndex;
    if (!index) throw new Error(`Lighthouse measured no benchmarkIndex on ${url}`);
    return index;
  } finally {
    chrome.kill();
  }
}
