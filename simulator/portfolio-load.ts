/**
 * What `--portfolio` costs the simulator: start-up, and the requests a dashboard makes for every location
 * of a large portfolio, in-process through the Hono app's `fetch` (no sockets), one after another.
 *
 * - start-up: creating the app with `--portfolio N` (generating the records), against the built-in set alone;
 * - week pass: hourly occupancy of the last 7 days and of the 7 before, for every location (some 3,300
 *   requests for N = 1500), in id order (parents before children) and again in a shuffled order, each on
 *   a fresh app and a fresh seed, so nothing is cached from the run before;
 * - now pass: `/now?include=children` for every parent;
 * - cold cost: one 7-day hourly request for a built-in space and for generated spaces of each activity,
 *   each on a week no request asked for before (so neither samples nor series are cached);
 * - heap after a collection (with `node --expose-gc`), with the model's and the series' caches filled.
 *
 * Prints figures; asserts nothing. Run: `npx tsx --expose-gc simulator/portfolio-load.ts [N]` (default 1500).
 */
import { createSimulatorApp } from './app';
import { formatIsoDate, localDay, parseIsoDate } from './local-time';
import { DEFAULT_JWT_SECRET, parseSimulatorArgs, signToken } from './options';
import { generatePortfolio } from './portfolio';
import { PORTFOLIO_ZONES } from './portfolio-draws';

const NOW = '2026-11-18T15:30:00Z';
const LAST_DAY = parseIsoDate('2026-11-17');
const size = Number(process.argv[2] ?? 1500);

type App = ReturnType<typeof createSimulatorApp>;

function createApp(seed: number, portfolio = size): { app: App; ms: number } {
  const started = performance.now();
  const app = createSimulatorApp(
    parseSimulatorArgs(['--now', NOW, '--seed', String(seed), '--portfolio', String(portfolio)], {}),
  );
  return { app, ms: performance.now() - started };
}

const token = await signToken({ secret: DEFAULT_JWT_SECRET });

async function get(app: App, path: string): Promise<unknown> {
  const response = await app.fetch(
    new Request(`http://simulator.local${path}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

function week(weeksBack: number): string {
  const end = LAST_DAY - 7 * weeksBack;
  return `start_date=${formatIsoDate(end - 6)}&end_date=${formatIsoDate(end)}&interval=60min`;
}

async function allIds(app: App): Promise<{ ids: number[]; parents: number[] }> {
  const records: { location_id: number; parent_id: number | null }[] = [];
  let cursor: string | null = null;
  do {
    const page = (await get(app, `/v2/locations${cursor === null ? '' : `?cursor=${cursor}`}`)) as {
      data: typeof records;
      pagination: { next_cursor: string | null };
    };
    records.push(...page.data);
    cursor = page.pagination.next_cursor;
  } while (cursor !== null);
  const parents = [...new Set(records.map((record) => record.parent_id))].filter((id) => id !== null);
  return { ids: records.map((record) => record.location_id), parents };
}

/** A fixed shuffle (a linear congruential generator), so runs compare. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  let state = 12345;
  for (let index = copy.length - 1; index > 0; index--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

async function timed(run: () => Promise<number>): Promise<{ requests: number; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const requests = await run();
  const used = process.cpuUsage(cpu);
  return { requests, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function line(label: string, figures: { requests: number; ms: number; cpuMs: number }): void {
  const perRequest = (figures.ms / figures.requests).toFixed(2);
  const cpuPerRequest = (figures.cpuMs / figures.requests).toFixed(2);
  console.log(
    `${label}: ${figures.requests} requests in ${figures.ms.toFixed(0)} ms, ${perRequest} ms and ${cpuPerRequest} ms CPU each`,
  );
}

async function weekPass(seed: number, order: (ids: number[]) => number[]): Promise<void> {
  const { app } = createApp(seed);
  const { ids } = await allIds(app);
  const requests = order(ids).flatMap((id) => [0, 1].map((back) => `/v2/locations/${id}/occupancy?${week(back)}`));
  const figures = await timed(async () => {
    for (const path of requests) await get(app, path);
    return requests.length;
  });
  line(`week pass, ${order === shuffled ? 'shuffled' : 'id order'}`, figures);
}

async function main(): Promise<void> {
  createApp(1, 0);
  createApp(1);
  const builtIn = createApp(2, 0).ms;
  const withPortfolio = createApp(3).ms;
  console.log(
    `start-up: ${builtIn.toFixed(1)} ms built-in only, ${withPortfolio.toFixed(1)} ms with --portfolio ${size}`,
  );

  await weekPass(11, (ids) => ids);
  await weekPass(12, shuffled);

  const { app } = createApp(13);
  const { parents } = await allIds(app);
  line(
    `now pass (${parents.length} parents, include=children)`,
    await timed(async () => {
      for (const id of parents) await get(app, `/v2/locations/${id}/now?include=children`);
      return parents.length;
    }),
  );

  // Cold: each request on a week nobody asked for before, the groups taking turns on the same weeks. Built-in
  // 21 (office, 7-19 Mon-Fri) and 23 (meeting room, 8-18 Mon-Fri), then generated spaces of the same activity
  // and schedule that had data by then: a request's cost follows the windows it shows, so like is set against like.
  const cold = createApp(14).app;
  const spaces = generatePortfolio(size, 14).filter(
    (location) => location.status === 'active' && location.startDate < '2022-01-01',
  );
  const sample = (activity: string, start: number, end: number) =>
    spaces
      .filter((space) => space.activity === activity && space.operatingDays.join('') === '23456')
      .filter((space) => space.operatingHours.start === start && space.operatingHours.end === end)
      .slice(0, 20)
      .map((space) => space.id);
  const groups: [string, number[]][] = [
    ['built-in office 21', [21]],
    ['generated offices (7-19 Mon-Fri)', sample('office', 7, 19)],
    ['built-in meeting room 23', [23]],
    ['generated meeting rooms (8-18 Mon-Fri)', sample('meeting-room', 8, 18)],
  ];
  // The zones' offsets and local days are computed once per zone and year or day, for any location: not here.
  for (const zone of new Set(['Europe/Berlin', ...PORTFOLIO_ZONES])) {
    for (let day = LAST_DAY - 7 * 220; day <= LAST_DAY; day++) localDay(zone, day);
  }
  const coldFigures = groups.map(() => ({ requests: 0, ms: 0, cpuMs: 0 }));
  for (let round = 0; round < 200; round++) {
    for (const [index, [, ids]] of groups.entries()) {
      const path = `/v2/locations/${ids[round % ids.length]}/occupancy?${week(10 + round)}`;
      const figures = await timed(async () => {
        await get(cold, path);
        return 1;
      });
      // The first rounds warm the code up.
      if (round < 10) continue;
      const total = coldFigures[index]!;
      total.requests += 1;
      total.ms += figures.ms;
      total.cpuMs += figures.cpuMs;
    }
  }
  groups.forEach(([label], index) => line(`cold 7-day hourly, ${label}`, coldFigures[index]!));

  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect !== undefined) {
    collect();
    const heap = process.memoryUsage();
    console.log(
      `heap after GC: ${(heap.heapUsed / 2 ** 20).toFixed(0)} MiB used, rss ${(heap.rss / 2 ** 20).toFixed(0)} MiB`,
    );
  } else {
    console.log('heap: run with --expose-gc to measure it after a collection');
  }
}

await main();
