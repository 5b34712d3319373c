/** React, the app and its pages, mounted on what app/boot.ts started (main.tsx loads this after boot's modules). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import type { Boot } from './boot';
import { ConfigErrorScreen } from './config-error-screen';

export function mountApp(boot: Boot): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {boot.ok ? <App start={boot.start} /> : <ConfigErrorScreen url={boot.url} problems={boot.problems} />}
    </StrictMode>,
  );
}
