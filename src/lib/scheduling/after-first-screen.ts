/**
 * What a page's first screen does not need, asked for once that screen is on screen: the typeface
 * (app/mount.tsx), the printed report's parts (views/print-slot.tsx) and the web app manifest's link
 * (app/start-language.ts). On a slow network none of them then shares it with the first screen's code and data.
 *
 * A page whose first screen is words says so once they are on screen, a paint after the one that drew them
 * (panels/first-screen.tsx); a chart finished says so, a paint later too, for a page whose first screen is a chart
 * (charts/chart-finished.ts); the app says so at the latest a few seconds
 * after its start, whatever the page (app/mount.tsx). Said once per page load: later calls do nothing.
 */
import { useSyncExternalStore } from 'react';

let shown = false;
const waiting = new Set<() => void>();

/** Runs `callback` once the first screen is shown: at once if it already is. */
export function afterFirstScreen(callback: () => void): void {
  if (shown) callback();
  else waiting.add(callback);
}

/** The first screen is on screen: what waits for it runs now, in the order it was asked for. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/** For components: false until the first screen is shown, then true. */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(subscribe, isShown, isShown);
}

function isShown(): boolean {
  return shown;
}

function subscribe(listener: () => void): () => void {
  if (shown) return () => {};
  waiting.add(listener);
  return () => waiting.delete(listener);
}

/** For tests: the page loaded again, its first screen not shown yet. */
export function resetFirstScreenForTests(): void {
  shown = false;
  waiting.clear();
}
