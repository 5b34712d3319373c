/**
 * The service worker from the page's side, kept out of the first load: `startServiceWorker` registers it once the
 * page has loaded, the browser is idle, the first screen is shown (lib/scheduling/after-first-screen.ts: the page's
 * first requests have left by then) and the page's data is in (when-settled.ts; the worker then downloads the whole
 * build in the background), and the hooks below load service-worker.ts at that same moment, never before.
 * Nothing happens in development (`vite` serves no worker) or where the browser has no service workers.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { afterFirstScreen } from '../lib/scheduling/after-first-screen';
import { HOUR_MS } from '../lib/time-spans';
import { whenQueriesSettled } from './when-settled';

export const supported = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** How often an open page asks whether there is a new build (and whenever it comes back into view). */
const PAGE_CHECK_EVERY_MS = HOUR_MS;

let worker: Promise<typeof import('./service-worker')> | undefined;
/** What the first load's data is: the app's query cache, once startServiceWorker has been given it. */
let dataSettled: () => Promise<void> = () => Promise.resolve();

/**
 * service-worker.ts, once the page has loaded, the browser has been idle, the first screen is shown and the page's data
 * is in. (Loaded and idle alone came, on a fast network, before a page had asked for its data: none was fetching.)
 */
export function afterStart(): Promise<typeof import('./service-worker')> {
  return (worker ??= new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  })
    .then(() => new Promise<void>((resolve) => afterFirstScreen(resolve)))
    .then(() => dataSettled())
    .then(() => import('./service-worker')));
}

/** Registers the service worker after the first load and its data (app/app.tsx, once). */
export function startServiceWorker(queryClient: QueryClient): void {
  dataSettled = () => whenQueriesSettled(queryClient);
  if (supported()) void afterStart().then((sw) => sw.registerServiceWorker());
}

/**
 * The effect of a hook that follows the service worker: `start` runs once service-worker.ts is in (after the first
 * load), unless the component has gone by then, and what it returns stops it. Nothing runs where there is no worker.
 */
export function whenWorkerStarted(start: (sw: typeof import('./service-worker')) => () => void): () => void {
  if (!supported()) return () => {};
  let stop = () => {};
  let live = true;
  void afterStart().then((sw) => {
    if (live) stop = start(sw);
  });
  return () => {
    live = false;
    stop();
  };
}

/**
 * A page's view of updates: whether a new build is ready, and `apply` (the Reload button). Asks for a new build
 * every hour and when the page comes back into view; never reloads by itself.
 */
export function useUpdatePrompt(): { ready: boolean; apply(): void } {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      whenWorkerStarted((sw) => {
        // A page only ever offers the new version (update-policy.ts): the person reloads.
        const action = () => setReady(sw.updateReady());
        const unsubscribe = sw.subscribeUpdate(action);
        action();
        const check = () => {
          if (document.visibilityState === 'visible') void sw.checkForUpdate();
        };
        const timer = setInterval(check, PAGE_CHECK_EVERY_MS);
        document.addEventListener('visibilitychange', check);
        return () => {
          unsubscribe();
          clearInterval(timer);
          document.removeEventListener('visibilitychange', check);
        };
      }),
    [],
  );
  return { ready, apply: () => void afterStart().then((sw) => sw.applyUpdate()) };
}
