/**
 * The simulator configurations the end-to-end tests run against. The simulator's clock is fixed so that
 * values are known; tests fix the browser's clock to the same instant (see fixtures.ts).
 */
export const FIXED_NOW = '2026-11-18T15:30:00Z';

/**
 * E2E_PORT_OFFSET moves every server (default 0: ports 4310 and up, one per entry below), so two checkouts on one machine can run their
 * end-to-end tests at the same time.
 */
/** 23:58 on 18 November in New York (location 11, open around the clock): two minutes before its midnight. */
export const BEFORE_NEW_YORK_MIDNIGHT = '2026-11-19T04:58:00Z';

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
  /** The kiosk's own outage switch (e2e/kiosk-outage.spec.ts), so its outage does not reach the series loader's tests. */
  kiosk: server(4316, `--now ${FIXED_NOW} --control`),
  /** A clock the test moves past a local midnight (POST /__control/clock), e2e/kiosk-refresh.spec.ts. */
  midnight: server(4317, `--now ${BEFORE_NEW_YORK_MIDNIGHT} --control`),
  /** The same, with location records in the vendor's shape (no zone: local days learned by a probe). */
  midnightVendor: server(4318, `--now ${BEFORE_NEW_YORK_MIDNIGHT} --control --vendor-records`),
  /** The kiosk restarted during an outage (e2e/kiosk-restart.spec.ts): an outage of its own, seen by no other test. */
  kioskRestart: server(4319, `--now ${FIXED_NOW} --control`),
  /** Tokens refused at run time (POST /__control/tokens), for e2e/credentials.spec.ts: a token that stops working. */
  credentials: server(4320, `--now ${FIXED_NOW} --control`),
  /** The kiosk soak (e2e/kiosk-soak.spec.ts): hundreds of refreshes, on a server of its own so they slow no other test. */
  soak: server(4321, `--now ${FIXED_NOW}`),
  /** A room (23) and its floor (22) named with HTML, script and formula payloads (e2e/hostile-data.spec.ts). */
  hostile: server(4322, `--now ${FIXED_NOW} --hostile-names`),
  /** A customer's scale: 1,500 generated spaces in about 125 buildings and 25 campuses beside the built-in locations. */
  portfolio: server(4323, `--now ${FIXED_NOW} --portfolio 1500`),
  /** The same portfolio with location records in the vendor's shape: no zone, hours or days for any of them. */
  portfolioVendor: server(4324, `--now ${FIXED_NOW} --portfolio 1500 --vendor-records`),
  /** At most 20 requests a second per token, past it a 429 with Retry-After (e2e/rate-limit.spec.ts: a year's walk). */
  rateLimited: server(4325, `--now ${FIXED_NOW} --rate-limit 20`),
  /**
   * The same limit under a portfolio of some 230 locations (e2e/rate-limit.spec.ts). A server of its own: the limit is
   * per token, and every test shares config.json's token, so two tests on one server would share one bucket.
   */
  portfolioRateLimited: server(4326, `--now ${FIXED_NOW} --portfolio 200 --rate-limit 20`),
  /**
   * Vendor-shaped records on a clock each test sets to an instant of a DST change day (POST /__control/clock), so that
   * `/now` and the windows are those of that instant (e2e/dst-vendor.spec.ts, whose tests on it run one at a time).
   */
  dstVendor: server(4327, `--now ${FIXED_NOW} --control --vendor-records`),
} as const;

/**
 * The port of a server a test starts itself, over a copy of dist/ that it changes as a deploy would
 * (e2e/app-update.spec.ts, app-update-tabs.spec.ts): 4330 and up, one per test that runs at once, moved by
 * E2E_PORT_OFFSET like the others.
 */
export function ownServerPort(index: number): number {
  return 4330 + index + PORT_OFFSET;
}
