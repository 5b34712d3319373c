/**
 * The printed report's parts (views/print-report.tsx) where a page puts them: a chunk of their own, not part of the
 * app's start. The header is loaded and rendered (hidden on screen) once the page's first screen is shown
 * (lib/scheduling/after-first-screen.ts), long before anyone prints; "Print report" is in a More menu, drawn when it
 * first opens.
 */
import { lazy, Suspense } from 'react';

import { useAfterFirstScreen } from '../lib/scheduling/after-first-screen';
import type { PrintedView } from './print-words';

const Header = lazy(() => import('./print-report').then((module) => ({ default: module.PrintHeader })));
const Button = lazy(() => import('./print-report').then((module) => ({ default: module.PrintReportButton })));

export function PrintHeaderSlot(props: { title: string; view: PrintedView }) {
  const firstScreenShown = useAfterFirstScreen();
  if (!firstScreenShown) return null;
  return (
    <Suspense fallback={null}>
      <Header {...props} />
    </Suspense>
  );
}

export function PrintReportSlot() {
  return (
    <Suspense fallback={null}>
      <Button />
    </Suspense>
  );
}
