/**
 * The printed report's parts (views/print-report.tsx) where a page puts them: a chunk of their own, not part of the
 * app's start. Its module is loaded once the page's first screen is shown (lib/scheduling/after-first-screen.ts),
 * long before anyone prints, and the header is rendered only while the page is printed: its words (when it was
 * printed, with the zone's name) are a task's work that no screen shows. "Print report" is in a More menu, drawn
 * when it first opens.
 */
import { lazy, Suspense } from 'react';

import { afterFirstScreen } from '../lib/scheduling/after-first-screen';
import type { PrintedView } from './print-words';
import { usePrinting } from './use-printing';

type PrintReport = typeof import('./print-report');

/**
 * The report's module once it is in (null before). Read when printing begins, which re-renders the slot: the header
 * is rendered synchronously in `beforeprint`; a page printed before the module is in prints without it.
 */
let loaded: PrintReport | null = null;
afterFirstScreen(() => {
  // Not in (the network went): the page prints without its header.
  import('./print-report').then(
    (module) => (loaded = module),
    () => undefined,
  );
});

const Button = lazy(() => import('./print-report').then((module) => ({ default: module.PrintReportButton })));

export function PrintHeaderSlot(props: { title: string; view: PrintedView }) {
  const printing = usePrinting();
  if (!printing || !loaded) return null;
  return <loaded.PrintHeader {...props} />;
}

export function PrintReportSlot() {
  return (
    <Suspense fallback={null}>
      <Button />
    </Suspense>
  );
}
