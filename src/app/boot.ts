/**
 * The first code to run (main.tsx): reads config.json (asked for by index.html's preload) and starts the app
 * (app/start.ts) before React is evaluated.
 */
import { CONFIG_URL, earlyConfigResponse } from '../config/early-config';
// Next, before any module builds a schema: zod jitless (a strict content policy forbids its eval probe).
import '../api/zod-config';

import { loadRuntimeConfig, type ConfigResult } from '../config/runtime-config';
import { startAddress, startApp, type AppStart } from './start';

/** The app started on config.json, or what is wrong with config.json. */
export type Boot = { ok: true; start: AppStart } | Extract<ConfigResult, { ok: false }>;

export const booted: Promise<Boot> = loadRuntimeConfig(CONFIG_URL, () => earlyConfigResponse).then((result) =>
  result.ok ? { ok: true, start: startApp(result.config, startAddress()) } : result,
);
