import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `everyMs`, so that rolling ranges ("today", "last 7 days") move on at the
 * location's midnight on a screen that stays open for days.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
