import { useEffect, useState } from 'react';

import { onClockMultiples } from './clock-ticks';
import { MINUTE_MS } from './time-spans';

/**
 * The current time, moving on at every multiple of `everyMs` on the clock (lib/clock-ticks.ts), so that rolling
 * ranges ("today", "last 7 days") move on at the location's midnight, a clock that shows minutes changes with the
 * minute, and a rotation falls on its boundary, on a screen that stays open for days.
 */
export function useNow(everyMs = MINUTE_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => onClockMultiples(everyMs, () => setNow(Date.now())).stop, [everyMs]);
  return now;
}
