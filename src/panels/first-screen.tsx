/**
 * The first screen's words before the charts and the typeface. A page whose first screen is words (the live number
 * and what is usual, the headline figures) holds its charts' code, and the data only the panels below them use, until
 * those words are painted: on a slow phone, ECharts (the largest chunk) and weeks of history then do not share the
 * network with them; on a fast one the wait is a frame. A chart held shows the skeleton it shows while its code
 * loads, so nothing moves. Outside a page that holds them (a metric page: its chart is its first screen), charts
 * are never held.
 *
 * Use it on a page whose first screen is words: the page wraps its panels in `FirstScreenGate`, shown from
 * `useFirstScreenPainted(ready)` once that screen's data is in, and asks for the data only the panels below use once
 * that is true; the charts inside hold themselves (`useFirstScreenShown`) and, below the first screen, are drawn
 * within NEAR_SCREEN of it (`useBelowFirstScreen`, panels/lazy-chart.tsx, lib/scheduling/use-near-viewport.ts).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { firstScreenShown } from '../lib/scheduling/after-first-screen';
import { onNextFrameShown, onNextPaint } from '../lib/scheduling/after-paint';

/** The longest a first screen that has not come holds the rest (a live reading that never answers, say). */
export const FIRST_SCREEN_MAX_WAIT_MS = 4_000;

/** How close to the screen a chart below the first screen is drawn: a little ahead of a scroll, not a screen ahead. */
export const NEAR_SCREEN = '200px 0px';

const FirstScreen = createContext({ shown: true, gated: false });

/** Whether the first screen's words are painted: the charts and the panels below may load. */
export function useFirstScreenShown(): boolean {
  return useContext(FirstScreen).shown;
}

/**
 * Whether this is on a page whose first screen is words (inside a FirstScreenGate): its charts are below them, drawn
 * as they come near the screen (panels/lazy-chart.tsx). Elsewhere (a metric page) the chart is the first screen.
 */
export function useBelowFirstScreen(): boolean {
  return useContext(FirstScreen).gated;
}

/** Holds the charts inside it until `shown` (from `useFirstScreenPainted`). */
export function FirstScreenGate({ shown, children }: { shown: boolean; children: ReactNode }) {
  const value = useMemo(() => ({ shown, gated: true }), [shown]);
  return <FirstScreen.Provider value={value}>{children}</FirstScreen.Provider>;
}

/**
 * True once the frame drawn after `ready` (the first screen's data is in, or has failed) first became true is on
 * screen, and from then on; at the latest FIRST_SCREEN_MAX_WAIT_MS after mount. What it holds (the charts' code, the
 * data of the panels below) is then asked for after the first screen's words are shown, not while the frame that
 * shows them is still on its way. What waits for the first screen is asked for a paint later still
 * (lib/scheduling/after-first-screen.ts: the typeface, the printed report's parts, the manifest's link).
 */
export function useFirstScreenPainted(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // Counted from mount (not restarted as `ready` changes), and stopped once painted.
  useEffect(() => {
    if (painted) return;
    const timer = setTimeout(() => setPainted(true), FIRST_SCREEN_MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [painted]);
  useEffect(() => {
    if (ready && !painted) return onNextFrameShown(() => setPainted(true));
  }, [ready, painted]);
  // What waits for the first screen (the typeface, above all) is asked for once the frame that drew it is on screen,
  // a paint later, never while that frame is still being shown.
  useEffect(() => {
    if (painted) return onNextPaint(firstScreenShown);
  }, [painted]);
  return painted;
}
