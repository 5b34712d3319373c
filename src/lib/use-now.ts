import { useEffect, useState } from 'react';

/**
 * The current time, moving on at every multiple of `everyMs` on the clock (not every `everyMs` from when the screen
 * opened), so that rolling ranges ("today", "last 7 days") move on at the location's midnight, a clock that shows
 * minutes changes with the minute, and a rotation falls on its boundary, on a screen that stays open for days.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        everyMs - (Date.now() % everyMs),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [everyMs]);
  return now;
}
