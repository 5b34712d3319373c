/**
 * Turns, one at a time, for work that holds the main thread for a long task each (a chart's first draw): each
 * begins at the paint after the one before it has ended, so that charts shown together are drawn in one task each,
 * with paints between them, not in one long task for all. A turn not ended within `maxTurnMs` (a chart whose draw
 * never reports) stops holding the others.
 *
 * Use it where several components start a long task each at the same moment (panels/lazy-chart.tsx's charts drawn
 * on the page); not for a single one, which `onNextPaint` (after-paint.ts) defers well enough.
 */
import { onNextPaint } from './after-paint';

export interface Turns {
  /** Waits for a turn: `begin` runs when it comes. The function returned ends it, or gives it up while it waits. */
  take(begin: () => void): () => void;
}

interface Turn {
  begin: () => void;
}

export function createTurns(maxTurnMs: number): Turns {
  const waiting: Turn[] = [];
  let running: Turn | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let starting: (() => void) | null = null;

  const startNext = () => {
    starting = null;
    const turn = waiting.shift();
    if (!turn) return;
    running = turn;
    timer = setTimeout(() => end(turn), maxTurnMs);
    turn.begin();
  };
  const end = (turn: Turn) => {
    const index = waiting.indexOf(turn);
    if (index >= 0) {
      waiting.splice(index, 1);
      return;
    }
    if (running !== turn) return;
    running = null;
    clearTimeout(timer);
    starting = onNextPaint(startNext);
  };
  return {
    take(begin) {
      const turn = { begin };
      waiting.push(turn);
      if (running === null && starting === null) startNext();
      return () => end(turn);
    },
  };
}
