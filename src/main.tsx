/**
 * Boot: read the runtime configuration (asked for before anything else is evaluated: config/early-config.ts), then
 * mount the app, or a clear screen saying what is wrong with it.
 */
import { CONFIG_URL, earlyConfigResponse } from './config/early-config';
// Next, before any module builds a schema: zod jitless (a strict content policy forbids its eval probe).
import './api/zod-config';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error-screen';
import './app/styles.css';
import { loadRuntimeConfig } from './config/runtime-config';

const root = createRoot(document.getElementById('root')!);
const result = await loadRuntimeConfig(CONFIG_URL, () => earlyConfigResponse);
root.render(
  <StrictMode>
    {result.ok ? <App config={result.config} /> : <ConfigErrorScreen url={result.url} problems={result.problems} />}
  </StrictMode>,
);
