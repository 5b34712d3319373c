import type { IncomingMessage, ServerResponse } from 'node:http';

import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';

import { createSimulatorApp } from '../../simulator/app';
import { parseSimulatorArgs } from '../../simulator/options';

/**
 * Serves the API simulator at /v2 inside Vite's dev and preview servers, so `npm start` and `npm run dev`
 * are one process and one URL. Simulator flags come from SIMULATOR_ARGS (e.g. "--latency 200 --seed 7").
 * Set SIMULATOR=off to serve the dashboard alone (against the API named in public/config.json).
 */
export function simulatorPlugin(): Plugin {
  const middleware = (): Connect.NextHandleFunction => {
    const options = parseSimulatorArgs((process.env.SIMULATOR_ARGS ?? '').split(/\s+/).filter(Boolean));
    const listener = getRequestListener(createSimulatorApp(options).fetch);
    return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const url = req.url ?? '';
      // The API, and the failure switch that `--control` adds (simulator/failures.ts).
      if (url === '/v2' || /^\/v2[/?]/.test(url) || url.startsWith('/__control/')) void listener(req, res);
      else next();
    };
  };
  return {
    name: 'location-metrics-simulator',
    configureServer(server) {
      if (process.env.SIMULATOR !== 'off') server.middlewares.use(middleware());
      printWhereItIs(server);
    },
    configurePreviewServer(server) {
      if (process.env.SIMULATOR !== 'off') server.middlewares.use(middleware());
      printWhereItIs(server);
    },
  };
}

/**
 * After Vite's own address lines (`npm start`, `npm run dev`): where the dashboard and the simulator are, that the
 * dashboard uses the development token of public/config.json, and how to pick another port. Never the token.
 */
function printWhereItIs(server: {
  resolvedUrls: { local: string[]; network: string[] } | null;
  printUrls(): void;
}): void {
  const printUrls = server.printUrls.bind(server);
  server.printUrls = () => {
    printUrls();
    const app = server.resolvedUrls?.local[0] ?? server.resolvedUrls?.network[0];
    if (app === undefined) return;
    const lines =
      process.env.SIMULATOR === 'off'
        ? [`  Dashboard:     ${app} (API from public/config.json's apiBaseUrl; simulator off)`]
        : [
            `  Dashboard:     ${app}`,
            `  API simulator: ${new URL('v2', app).href} (the dashboard uses the development token from public/config.json)`,
          ];
    lines.push(`  Another port:  npm start -- --port 8080`, '');
    console.log(lines.join('\n'));
  };
}
