/**
 * Benchmark of the simulator: a year of 15-minute occupancy for the 24/7 Main Concourse (location 11,
 * New York), fetched as the dashboard does, walking `next_cursor` through pages of 1000 windows.
 *
 * - in-process: through `app.request` (real Request/Response objects, no sockets);
 * - HTTP: through @hono/node-server on 127.0.0.1 (a free port) with fetch.
 *
 * "cold" is the first walk: for in-process, the first in this process (nothing cached, nothing
 * JIT-compiled); for HTTP, a fresh app with another seed (no cached samples or series). "best" is the
 * fastest of the following warm walks. Prints figures only; asserts nothing about time.
 *
 * Run: tsx bench/simulator.ts (or through bench/run.ts, which calls `runSimulatorBench()`).
 */
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

import { serve } from '@hono/node-server';

import { METRIC_RESPONSE_SCHEMAS } from '../src/api/schemas';
import { createSimulatorApp } from '../simulator/app';
import { DEFAULT_JWT_SECRET, parseSimulatorArgs, signToken } from '../simulator/options';

const LOCATION_ID = 11;
const QUERY = { start_date: '2025-11-18', end_date: '2026-11-17', interval: '15min' };
const NOW = '2026-11-20T12:00:00-05:00';
const WARM_RUNS = 5;

type Fetcher = (pathAndQuery: string) => Promise<Response>;

export interface Walk {
  ms: number;
  windows: number;
  pages: number;
}

/** One transport: the first (cold) walk and the fastest of the warm ones. */
export interface WalkFigures {
  cold: Walk;
  best: Walk;
  warmRuns: number;
}

export interface SimulatorBenchResult {
  query: typeof QUERY & { locationId: number };
  inProcess: WalkFigures;
  http: WalkFigures;
}

async function walk(fetcher: Fetcher): Promise<Walk> {
  const started = performance.now();
  let windows = 0;
  let pages = 0;
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...QUERY, ...(cursor === null ? {} : { cursor }) });
    const response = await fetcher(`/v2/locations/${LOCATION_ID}/occupancy?${params.toString()}`);
    if (response.status !== 200) throw new Error(`page ${pages + 1}: HTTP ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown[]; pagination: { next_cursor: string | null } };
    windows += body.data.length;
    pages += 1;
    cursor = body.pagination.next_cursor;
  } while (cursor !== null);
  return { ms: performance.now() - started, windows, pages };
}

async function measure(
  label: string,
  coldFetcher: Fetcher,
  warmFetcher: Fetcher,
  coldNote: string,
): Promise<WalkFigures> {
  const cold = await walk(coldFetcher);
  const warm: Walk[] = [];
  for (let run = 0; run < WARM_RUNS; run++) warm.push(await walk(warmFetcher));
  const best = warm.reduce((fastest, run) => (run.ms < fastest.ms ? run : fastest));
  console.log(
    `${label.padEnd(10)} | best of ${WARM_RUNS}: ${best.ms.toFixed(0)} ms for ${best.windows} windows in ${best.pages} pages ` +
      `(${(best.ms / best.pages).toFixed(1)} ms/page) | cold${coldNote}: ${cold.ms.toFixed(0)} ms ` +
      `(${cold.windows} windows, ${cold.pages} pages)`,
  );
  return { cold, best, warmRuns: WARM_RUNS };
}

/** Prints the figures (as it always did) and returns them. Asserts nothing about time. */
export async function runSimulatorBench(): Promise<SimulatorBenchResult> {
  const token = await signToken({ secret: DEFAULT_JWT_SECRET });
  const headers = { Authorization: `Bearer ${token}` };
  const appFor = (seed: number) => createSimulatorApp(parseSimulatorArgs(['--now', NOW, '--seed', String(seed)], {}));

  // A sanity check that the walk fetches what the dashboard would: a valid envelope.
  const probe = await appFor(42).request(
    `/v2/locations/${LOCATION_ID}/occupancy?start_date=2026-11-01&end_date=2026-11-01&interval=15min`,
    {
      headers,
    },
  );
  METRIC_RESPONSE_SCHEMAS.occupancy.parse(await probe.json());

  console.log(
    `Walking ${QUERY.interval} occupancy of location ${LOCATION_ID}, ${QUERY.start_date}..${QUERY.end_date}, ` +
      `1000 windows per page (windows in sensor outages are omitted, so fewer than 35,040)`,
  );
  const inProcess = appFor(42);
  const inProcessFetch: Fetcher = (path) => Promise.resolve(inProcess.request(path, { headers }));
  const inProcessFigures = await measure('in-process', inProcessFetch, inProcessFetch, ' (first walk in this process)');

  const servers = [appFor(43), appFor(42)].map((app) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
  const [coldUrl, warmUrl] = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const httpFetch =
    (base: string | undefined): Fetcher =>
    (path) =>
      fetch(`${base}${path}`, { headers });
  try {
    const httpFigures = await measure(
      'HTTP',
      httpFetch(coldUrl),
      httpFetch(warmUrl),
      ' (fresh app, seed 43, nothing cached)',
    );
    return { query: { ...QUERY, locationId: LOCATION_ID }, inProcess: inProcessFigures, http: httpFigures };
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** True when this file is the script node was started with (not when imported by bench/run.ts). */
function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (isMain()) {
  runSimulatorBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
