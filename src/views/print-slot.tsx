/**
 * The printed report's parts (views/print-report.tsx) where a page puts them, loaded after the page's first render:
 * a chunk of their own, not part of the app's start. The header is rendered (hidden on screen) once it is in, long
 * before anyone prints; "Print report" is in a More menu, drawn when it first opens.
 */
import { lazy, Suspense } from 'react';

import type { PrintedView } from './print-words';

const Header = lazy(() => import('./print-report').then((module) => ({ default: module.PrintHeader })));
const Button = lazy(() => import('./print-report').then((module) => ({ default: module.PrintReportButton })));

export function PrintHeaderSlot(props: { title: string; view: PrintedView }) {
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
