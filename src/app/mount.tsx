/** React, the app and its pages, mounted on what app/boot.ts started (main.tsx loads this after boot's modules). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { onNextPaint } from '../lib/after-paint';
import { App } from './app';
import type { Boot } from './boot';
import { ConfigErrorScreen } from './config-error-screen';

export function mountApp(boot: Boot): void {
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
  // The typeface once the first screen is painted (app/font.css).
  onNextPaint(() => void import('./font.css'));
}
