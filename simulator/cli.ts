/**
 * `tsx simulator/cli.ts [options]` (npm run simulator): serves the simulator on one port and prints its
 * URL. `--token [--locations 11,12] [--expires-in <seconds>]` prints a bearer token and exits.
 * Bad flags print the problem and the usage, and exit with code 2.
 */
import { serve } from '@hono/node-server';

import { createSimulatorApp } from './app';
import { parseSimulatorArgs, parseTokenArgs, signToken, SIMULATOR_USAGE, SimulatorArgsError } from './options';

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--token')) {
    console.log(await signToken(parseTokenArgs(argv)));
    return;
  }
  const options = parseSimulatorArgs(argv);
  const server = serve(
    { fetch: createSimulatorApp(options).fetch, port: options.port, hostname: options.host },
    (info) => {
      const clock = options.now === null ? 'real clock' : `now fixed at ${new Date(options.now).toISOString()}`;
      const portfolio = options.portfolio === 0 ? '' : `, ${options.portfolio} generated spaces`;
      console.log(
        `Location Metrics API simulator: http://${options.host}:${info.port}/v2 (seed ${options.seed}, ${clock}${portfolio})`,
      );
    },
  );
  const stop = () => {
    server.close(() => process.exit(0));
    // Do not wait for idle keep-alive connections (a browser tab) to time out.
    if ('closeAllConnections' in server) server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof SimulatorArgsError) {
    console.error(`simulator: ${error.message}\n\n${SIMULATOR_USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
