/**
 * Lighthouse's mobile preset slows the CPU 4×, a factor set for a host whose `benchmarkIndex` is 1,500–2,000 (its
 * throttling docs): on a slower host 4× emulates a slower phone than it means to, on a faster one a faster phone. The
 * bench calibrates every mobile run to the host as Lighthouse measured it at that run's start (bench/lighthouse.ts):
 * multiplier = 4 × benchmarkIndex ÷ 1,750, clamped to 1–6, so that every host, loaded or not, emulates the same
 * phone. `LIGHTHOUSE_CPU_MULTIPLIER` forces a value (4 is Lighthouse's own).
 */
import type { Flags } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

/** The benchmarkIndex the mobile preset's 4× is meant for: the middle of Lighthouse's 1,500–2,000. */
export const REFERENCE_BENCHMARK_INDEX = 1_750;
const [MIN_MULTIPLIER, MAX_MULTIPLIER] = [1, 6];

/** The multiplier for a host of `benchmarkIndex`, to two decimals, within 1–6. */
export function multiplierFor(benchmarkIndex: number): number {
  const raw = (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, raw)) * 100) / 100;
}

/** `LIGHTHOUSE_CPU_MULTIPLIER`, when set: the multiplier every mobile run uses. */
export function forcedMultiplier(): number | null {
  const forced = process.env.LIGHTHOUSE_CPU_MULTIPLIER;
  if (!forced) return null;
  const value = Number(forced);
  if (!(value > 0)) throw new Error(`LIGHTHOUSE_CPU_MULTIPLIER must be a positive number, not “${forced}”`);
  return value;
}

/** The mobile preset's throttling with the CPU factor `multiplier`. */
export function mobileThrottling(multiplier: number): NonNullable<Flags['throttling']> {
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier };
}
