/**
 * Boot: read the runtime configuration, then mount the app, or a clear screen saying what is wrong with it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error-screen';
import './app/styles.css';
import { loadRuntimeConfig } from './config/runtime-config';

const root = createRoot(document.getElementById('root')!);
const result = await loadRuntimeConfig(new URL('config.json', document.baseURI).toString());
root.render(
  <StrictMode>{result.ok ? <App config={result.config} /> : <ConfigErrorScreen url={result.url} problems={result.problems} />}</StrictMode>,
);
