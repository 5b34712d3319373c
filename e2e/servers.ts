/**
 * The simulator configurations the end-to-end tests run against. The simulator's clock is fixed so that
 * values are known; tests fix the browser's clock to the same instant (see fixtures.ts).
 */
export const FIXED_NOW = '2026-11-18T15:30:00Z';

/**
 * E2E_PORT_OFFSET moves every server (default 0: ports 4310–4318), so two checkouts on one machine can run their
 * end-to-end tests at the same time.
 */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

function server(basePort: number, simulatorArgs: string) {
  const port = basePort + PORT_OFFSET;
  return { port, url: `http://127.0.0.1:${port}`, simulatorArgs };
}

export const SERVERS = {
  /** The default: fixed clock, no latency. */
  main: server(4310, `--now ${FIXED_NOW}`),
  /** Slow pages, so loading states and paging progress are really visible. */
  slow: server(4311, `--now ${FIXED_NOW} --latency 120`),
  /** The strict reading of the spec: hour and day filters refused on sub-daily intervals. */
  strict: server(4312, `--now ${FIXED_NOW} --strict-filters`),
  /** Location records in the real vendor's shape: no time zone, operating hours or days anywhere. */
  vendor: server(4313, `--now ${FIXED_NOW} --vendor-records`),
  /** One API request in ten fails with a 500, at positions fixed by the seed (the default, as the main server's data). */
  flaky: server(4314, `--now ${FIXED_NOW} --fail-rate 0.1`),
  /** Failures switched on and off at run time (POST /__control/failures), for outage and recovery. */
  control: server(4315, `--now ${FIXED_NOW} --latency 250 --control`),
  /** The kiosk's own outage switch (e2e/kiosk.spec.ts), so its outage does not reach the series loader's tests. */
  kiosk: server(4316, `--now ${FIXED_NOW} --control`),
  /** The kiosk soak (e2e/kiosk-soak.spec.ts): hundreds of refreshes, on a server of its own so they slow no other test. */
  soak: server(4318, `--now ${FIXED_NOW}`),
} as const;
