/** The bench's server (the built app under `vite preview` with the simulator, as `npm start` serves it) and browser. */
import { chromium, type Browser } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

import { CHROMIUM_ARGS, systemChromium } from '../e2e/browser-path.mjs';
import { ROOT } from './bundle-size';

export const HOST = '127.0.0.1';
/** The browser's clock and the simulator's `--now`. */
export const NOW = '2026-11-18T15:30:00Z';

export interface Server {
  baseUrl: string;
  simulatorArgs: string;
  close(): Promise<void>;
}

/** `vite preview` of `distDir` with the simulator at /v2, started with SIMULATOR_ARGS = `simulatorArgs`. */
export async function startServer(port: number, simulatorArgs: string, distDir: string): Promise<Server> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  // The simulator plugin (vite.config.ts) reads SIMULATOR_ARGS when the preview server starts.
  const previousArgs = process.env.SIMULATOR_ARGS;
  process.env.SIMULATOR_ARGS = simulatorArgs;
  let server: PreviewServer;
  try {
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir: distDir },
      preview: { host: HOST, port, strictPort: true, open: false },
    });
  } finally {
    if (previousArgs === undefined) delete process.env.SIMULATOR_ARGS;
    else process.env.SIMULATOR_ARGS = previousArgs;
  }
  return { baseUrl: `http://${HOST}:${port}`, simulatorArgs, close: () => server.close() };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = systemChromium();
  return chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
}
