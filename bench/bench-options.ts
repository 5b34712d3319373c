/** What `npm run bench` runs, from its environment (bench/run.ts lists the variables), and where. */

export const DIST = 'node_modules/.cache/bench-dist';
export const PORT = 4330;
export const SLOW_PORT = 4331;
/** Row 2: the year at this simulator latency (`--latency`). */
export const LATENCY_MS = 50;
export const PORTFOLIO_PORT = 4332;
export const PORTFOLIO_SLOW_PORT = 4333;
export const PORTFOLIO_LATENCY_MS = 50;
/** Simulator --portfolio 1500: 1,500 generated spaces in 125 buildings and 28 campuses, and the 13 built-in ones. */
export const PORTFOLIO_SPACES = 1500;
export const PORTFOLIO_LOCATIONS = 1666;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}=${raw}: expected a positive integer`);
  return Number(raw);
}

export const RUNS = positiveInteger('BENCH_RUNS', 5);
export const WARMUP = process.env.BENCH_WARMUP !== '0';
export const ONLY = process.env.BENCH_ONLY ?? '';
/** `npm run lighthouse` after the rest (bench/lighthouse.ts), unless BENCH_LIGHTHOUSE=0 or BENCH_ONLY is set. */
export const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0' && ONLY === '';
export const LIGHTHOUSE_RUNS = positiveInteger('LIGHTHOUSE_RUNS', 3);
if (ONLY !== '' && ONLY !== 'portfolio') throw new Error(`BENCH_ONLY=${ONLY}: expected portfolio (or nothing)`);
export const PORTFOLIO = process.env.BENCH_PORTFOLIO !== '0';
if (ONLY === 'portfolio' && !PORTFOLIO) throw new Error('BENCH_ONLY=portfolio with BENCH_PORTFOLIO=0: nothing to run');
export const CHARTS = ONLY === '';

export const YEAR = '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
export const DAYS_90 = 'from=2026-08-20&to=2026-11-17';
