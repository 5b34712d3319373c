/**
 * Boot: read the runtime configuration, then mount the app, or a clear screen saying what is wrong with it.
 */
// First: zod must be jitless before any module builds a schema (a strict content policy forbids its eval probe).
import './api/zod-jitless';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error-screen';
import './app/styles.css';
import { loadRuntimeConfig } from './config/runtime-config';

const root = createRoot(document.getElementById('root')!);
// Beside index.html, whatever the route: a deep link such as /locations/12/occupancy must not look for
// /locations/12/config.json.
const result = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`);
root.render(
  <StrictMode>
    {result.ok ? <App config={result.config} /> : <ConfigErrorScreen url={result.url} problems={result.problems} />}
  </StrictMode>,
);
