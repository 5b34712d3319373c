/** React, the app and its pages, mounted on what app/boot.ts started (main.tsx loads this after boot's modules). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { afterFirstScreen, firstScreenShown } from '../lib/scheduling/after-first-screen';
import { onNextPaint } from '../lib/scheduling/after-paint';
import { loadTypeface } from '../lib/typeface';
import { FIRST_SCREEN_MAX_WAIT_MS } from '../panels/first-screen';
import { App } from './app';
import type { Boot } from './boot';
import { LAZY_PAGES, type LazyPageName } from './lazy-pages';
import { ConfigErrorScreen } from './config-error-screen';

/** Mounts the app on what boot started; `page`: the lazily loaded page the address opens, whose code comes first. */
export async function mountApp(boot: Boot, page: LazyPageName | null): Promise<void> {
  // Its code in before the first render, so that the page renders at once (app/lazy-pages.ts); a failed download
  // is the page's Suspense and error boundary's to show, as before.
  if (boot.ok && page !== null) await LAZY_PAGES[page].preload().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the app in slices of a few milliseconds, yielding to the browser between them,
  // instead of in one long task; the frame in index.html stays on screen until the first render is whole.
  startTransition(() =>
    root.render(
      <StrictMode>
        {boot.ok ? <App start={boot.start} /> : <ConfigErrorScreen url={boot.url} problems={boot.problems} />}
      </StrictMode>,
    ),
  );
  // The typeface once the page's first screen is shown, or with its charts (lib/typeface.ts). A first screen counts
  // as shown at the latest as long after the start as one is waited for; the configuration error screen, which waits
  // for nothing, once it is painted.
  afterFirstScreen(loadTypeface);
  if (boot.ok) setTimeout(firstScreenShown, FIRST_SCREEN_MAX_WAIT_MS);
  else onNextPaint(firstScreenShown);
}
