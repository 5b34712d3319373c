/** Axis maxima and steps that read well: what a chart's value axis reaches and how its ticks step. */

/** Above the highest value an axis must show: 5 %. */
export const AXIS_HEADROOM = 1.05;

/**
 * The lowest axis maximum at or above `value` that 4 to 8 ticks of a step of 1, 2, 2.5 or 5 × 10^n reach from 0
 * (fewer ticks on a tie): 147 → 150 in steps of 25, 1,575 → 1,600 in steps of 200. Not the next "nice" number
 * above the value, which drew a capacity of 140 on an axis to 200.
 */
export function axisScale(value: number): { max: number; interval: number } {
  let best: { max: number; interval: number } | null = null;
  const magnitude = 10 ** Math.floor(Math.log10(value / 8));
  for (const scale of [magnitude, magnitude * 10]) {
    for (const step of [1, 2, 2.5, 5]) {
      // Rounded to 12 digits: 0.1 × 2 × 6 is not 1.2 in binary.
      const interval = round12(step * scale);
      const ticks = Math.ceil(round12(value / interval));
      if (ticks < 4 || ticks > 8) continue;
      const max = round12(ticks * interval);
      if (!best || max < best.max || (max === best.max && interval > best.interval)) best = { max, interval };
    }
  }
  return best ?? { max: niceCeil(value), interval: niceCeil(value) / 5 };
}

function round12(value: number): number {
  return Number(value.toPrecision(12));
}

/** The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^n at or above `value`: an axis maximum. */
export function niceCeil(value: number): number {
  return niceAtOrAbove(value, [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]);
}

/** The smallest of 1, 2, 2.5, 5 × 10^n at or above `value`: a tick interval. */
export function niceStep(value: number): number {
  return niceAtOrAbove(value, [1, 2, 2.5, 5, 10]);
}

function niceAtOrAbove(value: number, steps: readonly number[]): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return (steps.find((step) => step * magnitude >= value) ?? 10) * magnitude;
}
