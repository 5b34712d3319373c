/**
 * The first code to run (main.tsx): reads config.json (asked for by index.html's preload) and starts the app
 * (app/start.ts) before React is evaluated.
 */
import { CONFIG_URL, earlyConfigResponse } from '../config/early-config';
// Next, before any module builds a schema: zod jitless (a strict content policy forbids its eval probe).
import '../api/zod-config';
// Then the rest of the start in a task of its own.
import './boot-yield';

import { loadRuntimeConfig, type ConfigResult } from '../config/runtime-config';
import { startLanguage } from './start-language';
import { startAddress, startApp, type AppStart } from './start';

/** The app started on config.json, or what is wrong with config.json. */
export type Boot = { ok: true; start: AppStart } | Extract<ConfigResult, { ok: false }>;

const started: Promise<Boot> = loadRuntimeConfig(CONFIG_URL, () => earlyConfigResponse).then((result) =>
  result.ok ? { ok: true, start: startApp(result.config, startAddress()) } : result,
);

/** What boot started, once the page's language is in force too (its catalog is asked for beside config.json). */
export const booted: Promise<Boot> = Promise.all([started, startLanguage()]).then(([boot]) => boot);
