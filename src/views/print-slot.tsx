/**
 * The printed report's parts (views/print-report.tsx) where a page puts them: a chunk of their own, not part of the
 * app's start. Its module is loaded once the page's first screen is shown (lib/scheduling/after-first-screen.ts),
 * long before anyone prints, and the header is rendered only while the page is printed: its words (when it was
 * printed, with the zone's name) are a task's work that no screen shows. "Print report" is in a More menu, drawn
 * when it first opens.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

import { afterFirstScreen } from '../lib/scheduling/after-first-screen';
import type { PrintedView } from './print-words';
import { usePrinting } from './use-printing';

type PrintReport = typeof import('./print-report');

/** The report's module once it is in (null before): rendered synchronously when `beforeprint` comes. */
let loaded: PrintReport | null = null;
const listeners = new Set<() => void>();
afterFirstScreen(() => {
  import('./print-report').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
    },
    // Not in (the network went): the page prints without its header.
    () => undefined,
  );
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const Button = lazy(() => import('./print-report').then((module) => ({ default: module.PrintReportButton })));

export function PrintHeaderSlot(props: { title: string; view: PrintedView }) {
  const printing = usePrinting();
  const report = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
  if (!printing || !report) return null;
  return <report.PrintHeader {...props} />;
}

export function PrintReportSlot() {
  return (
    <Suspense fallback={null}>
      <Button />
    </Suspense>
  );
}
