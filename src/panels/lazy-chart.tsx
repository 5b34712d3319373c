/**
 * `<Chart>` loaded lazily: its code is asked for once a view's data has been asked for (panels/chart-code.ts), or,
 * at the latest, when the first screen is shown, but not before the first screen's words are painted on a page that
 * shows words first (panels/first-screen.tsx). The utilization page's kinds of chart (the heatmap, titled small
 * multiples) are registered with it when a chart asks for them.
 * On a page whose first screen is words (inside a FirstScreenGate), a chart is drawn once it comes within NEAR_SCREEN
 * of the screen, and from then on: on a phone, the charts below the first screen cost nothing until someone scrolls
 * towards them (each draw is a long task on a mid-range phone), and what is on screen is drawn first. Until
 * then it is its figure, named by its summary, in the skeleton's colour: a screen reader hears what it shows, and
 * nothing says it is loading.
 * Every chart is drawn through here, in the app's theme (`?theme=`, or the system's preference), animated or not
 * (charts/motion.ts), and larger on a wall screen (charts/wall-screen.ts).
 */
import './lazy-chart.css';
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { Skeleton } from '../components/skeleton';
import type { ChartProps } from '../charts/chart';
import { useChartAnimation } from '../charts/motion';
import { useWallScreen } from '../charts/wall-screen';
import { createTurns } from '../lib/scheduling/turns';
import { useNearViewport } from '../lib/scheduling/use-near-viewport';
import { useTheme } from '../lib/use-theme';
import { preloadChart, preloadUtilizationChart } from './chart-code';
import { NEAR_SCREEN, useBelowFirstScreen, useFirstScreenShown } from './first-screen';

const CODE = { metric: preloadChart, utilization: preloadUtilizationChart };

const CHARTS = {
  metric: lazy(() => CODE.metric().then((module) => ({ default: module.Chart }))),
  utilization: lazy(() => CODE.utilization().then((module) => ({ default: module.Chart }))),
};

/**
 * Charts draw one at a time (lib/scheduling/turns.ts): two charts shown together are two tasks of a frame each, with a paint
 * between them, not one task twice as long. A turn that outlasts a slow phone's draw stops holding the next.
 */
const DRAW_TURNS = createTurns(1_000);

export interface LazyChartProps extends Omit<ChartProps, 'theme' | 'animate' | 'wall' | 'onDrawn'> {
  /** What the option draws with: the metric pages' lines and bars, or also the utilization page's kinds. */
  kind?: keyof typeof CHARTS;
}

export function LazyChart({ kind = 'metric', ...props }: LazyChartProps) {
  const { resolved } = useTheme();
  const animate = useChartAnimation();
  const wall = useWallScreen();
  const shown = useFirstScreenShown();
  // Below a first screen of words (the utilization page, the kiosk), near the screen and in turn; a metric page's
  // chart is its first screen, drawn at once.
  const below = useBelowFirstScreen();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, NEAR_SCREEN, below);
  // The code as soon as the first screen is shown, so that a chart scrolled to is drawn at once.
  useEffect(() => {
    if (shown) void CODE[kind]().catch(() => undefined);
  }, [shown, kind]);
  // Near the screen, with its code in, it waits for its turn to draw; its turn ends once it is drawn.
  const [turn, setTurn] = useState(false);
  const endTurn = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!shown || !near || !below) return;
    let current = true;
    const take = () => {
      if (current) endTurn.current = DRAW_TURNS.take(() => setTurn(true));
    };
    // Code that failed to load is drawn at once: the chart's own error shows.
    void CODE[kind]().then(take, () => setTurn(true));
    return () => {
      current = false;
      endTurn.current?.();
    };
  }, [shown, near, kind, below]);
  const onDrawn = useCallback(() => endTurn.current?.(), []);
  // A metric page's chart takes no turn: it is the first screen.
  const drawing = turn || !below;
  const placeholder = <Skeleton label={t`Loading chart`} />;
  const Chart = CHARTS[kind];
  return (
    <div ref={box} className="lazy-chart">
      {!shown || (near && !drawing) ? (
        placeholder
      ) : near ? (
        <Suspense fallback={placeholder}>
          <Chart {...props} theme={resolved} animate={animate} wall={wall} onDrawn={onDrawn} />
        </Suspense>
      ) : (
        // Not loading: waiting to be scrolled to. What it shows is already said, as the drawn chart says it.
        <figure className="chart chart-not-drawn" aria-label={props.summary}>
          <figcaption className="visually-hidden">{props.summary}</figcaption>
        </figure>
      )}
    </div>
  );
}
