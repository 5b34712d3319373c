/**
 * Simulator options from command-line flags, shared by the CLI (simulator/cli.ts) and the Vite plugin
 * (vite.config.ts, from SIMULATOR_ARGS). Flags take `--name value` or `--name=value`. A bad flag
 * throws a SimulatorArgsError, which the CLI reports with exit code 2.
 */
import { dateTimeSchema, DWELL_UNITS, SHARE_SCALES } from '../src/api/schemas';
import type { DwellUnit, UtilizationScale } from './aggregate';
import { DEFAULT_JWT_SECRET } from './auth';
import { MAX_PORTFOLIO_SPACES } from './portfolio';

export { DEFAULT_JWT_SECRET, signToken } from './auth';

export interface SimulatorOptions {
  port: number;
  host: string;
  /** Seeds the synthetic data: the same seed gives the same data. */
  seed: number;
  /** The simulator's clock as epoch milliseconds, or null for the real clock. */
  now: number | null;
  /** Delay before each response. */
  latencyMs: number;
  /**
   * Share of API requests answered with a simulated 500, 0 to 1. Which ones fail is drawn from a PRNG
   * seeded by `seed`, so the same sequence of requests fails at the same positions on every run.
   */
  failRate: number;
  dwellUnit: DwellUnit;
  utilizationScale: UtilizationScale;
  /** Refuse hour and day filters on sub-daily intervals (the stricter reading of the spec). */
  strictFilters: boolean;
  /**
   * Serve location records in exactly the vendor's published shape (location_id, name, status,
   * parent_id, capacity, start_date): no time zone, operating hours or days.
   */
  vendorRecords: boolean;
  /**
   * Name a room and its floor (ids 23 and 22) with HTML, script and formula payloads, in name and status
   * (simulator/hostile-names.ts). Their data is unchanged.
   */
  hostileNames: boolean;
  /**
   * Generated spaces added to the built-in locations, in buildings and campuses, from id 1000
   * (simulator/portfolio.ts); 0 to 20,000, drawn from `seed`.
   */
  portfolio: number;
  /**
   * Requests a second allowed per bearer token (simulator/rate-limit.ts): a token bucket of this many, refilled
   * continuously at this many a second; past it, a 429 problem with `Retry-After`. 0: no limit.
   */
  rateLimit: number;
  /**
   * Serve `GET` and `POST /__control/failures` (no token) to change simulated failures at run time, and
   * `/__control/tokens` to refuse a token from now on (as if it had expired).
   */
  control: boolean;
  /** From SIMULATOR_JWT_SECRET, else DEFAULT_JWT_SECRET. */
  jwtSecret: string;
}

export interface TokenArgs {
  locations?: number[];
  expiresInSeconds?: number;
  secret: string;
}

export class SimulatorArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorArgsError';
  }
}

export const SIMULATOR_USAGE = `Usage: tsx simulator/cli.ts [options]
  --port <n>                          port to listen on (default 8787)
  --host <address>                    address to bind (default 127.0.0.1)
  --seed <integer>                    seed of the synthetic data (default 42)
  --now <ISO instant>                 fix the clock, e.g. 2026-11-18T10:30:00-05:00 (default: real clock)
  --latency <ms>                      delay every response
  --fail-rate <0..1>                  answer this share of API requests with a 500 problem (seeded by --seed)
  --dwell-unit minutes|seconds        unit of dwell times (default minutes)
  --utilization-scale fraction|percent  utilisation as 0..1 or 0..100 (default fraction)
  --strict-filters                    refuse hour/day filters on sub-daily intervals
  --vendor-records                    location records without time_zone, operating_hours, operating_days
  --hostile-names                     locations 22 and 23 named and statused with HTML, script and formula payloads
  --portfolio <0..20000>              add this many generated spaces, in buildings of about 12 and campuses of
                                      about 5 buildings, ids from 1000, drawn from --seed (default 0)
  --rate-limit <requests a second>    per token, a bucket of this many refilled at this many a second; past it
                                      a 429 problem with Retry-After (default 0: no limit)
  --control                           serve GET/POST /__control/failures (fail rate or outage) and
                                      /__control/tokens (refuse a token) at run time
Token: tsx simulator/cli.ts --token [--locations 11,12] [--expires-in <seconds>]
Environment: SIMULATOR_JWT_SECRET signs and verifies tokens (default: a documented development secret).`;

/** The highest `--rate-limit`: far beyond what one browser can ask for. */
const MAX_RATE_LIMIT = 100_000;

type Env = Readonly<Record<string, string | undefined>>;

interface FlagSpec {
  /** Flags that take a value. */
  valued: readonly string[];
  /** Flags that take none (switches). */
  switches: readonly string[];
}

/** Flags as name -> value; `true` for a switch. Unknown, repeated or value-less flags are refused. */
function readFlags(argv: readonly string[], spec: FlagSpec): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (match?.[1] === undefined) throw new SimulatorArgsError(`unexpected argument '${arg}'`);
    const name = match[1];
    const isSwitch = spec.switches.includes(name);
    if (!isSwitch && !spec.valued.includes(name)) throw new SimulatorArgsError(`unknown option --${name}`);
    if (flags.has(name)) throw new SimulatorArgsError(`--${name} is given twice`);
    if (isSwitch) {
      if (match[2] !== undefined) throw new SimulatorArgsError(`--${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    const value = match[2] ?? argv[++index];
    if (value === undefined || value.startsWith('--')) throw new SimulatorArgsError(`--${name} needs a value`);
    flags.set(name, value);
  }
  return flags;
}

function integerFlag(name: string, value: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new SimulatorArgsError(`--${name} '${value}' is not valid; expected an integer from ${min} to ${max}`);
  }
  return Number(value);
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) {
    throw new SimulatorArgsError(`--${name} '${value}' is not valid; expected one of: ${allowed.join(', ')}`);
  }
  return match;
}

function instantFlag(name: string, value: string): number {
  const epochMs = Date.parse(value);
  if (!dateTimeSchema.safeParse(value).success || Number.isNaN(epochMs)) {
    throw new SimulatorArgsError(
      `--${name} '${value}' is not valid; expected an ISO instant with an offset, e.g. 2026-11-18T10:30:00-05:00`,
    );
  }
  return epochMs;
}

function fractionFlag(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new SimulatorArgsError(`--${name} '${value}' is not valid; expected a number from 0 to 1`);
  }
  return number;
}

function jwtSecret(env: Env): string {
  const secret = env.SIMULATOR_JWT_SECRET;
  return secret === undefined || secret === '' ? DEFAULT_JWT_SECRET : secret;
}

const SERVER_FLAGS: FlagSpec = {
  valued: [
    'port',
    'host',
    'seed',
    'now',
    'latency',
    'fail-rate',
    'dwell-unit',
    'utilization-scale',
    'portfolio',
    'rate-limit',
  ],
  switches: ['strict-filters', 'vendor-records', 'hostile-names', 'control'],
};

const TOKEN_FLAGS: FlagSpec = { valued: ['locations', 'expires-in'], switches: ['token'] };

export function parseSimulatorArgs(argv: readonly string[], env: Env = process.env): SimulatorOptions {
  const flags = readFlags(argv, SERVER_FLAGS);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = <T>(name: string, parse: (value: string) => T, fallback: T): T => {
    const value = text(name);
    return value === undefined ? fallback : parse(value);
  };
  return {
    port: parsed('port', (value) => integerFlag('port', value, 0, 65_535), 8787),
    host: parsed('host', (value) => value, '127.0.0.1'),
    seed: parsed('seed', (value) => integerFlag('seed', value, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), 42),
    now: parsed('now', (value) => instantFlag('now', value), null),
    latencyMs: parsed('latency', (value) => integerFlag('latency', value, 0, 600_000), 0),
    failRate: parsed('fail-rate', (value) => fractionFlag('fail-rate', value), 0),
    dwellUnit: parsed('dwell-unit', (value) => oneOf('dwell-unit', value, DWELL_UNITS), 'minutes'),
    utilizationScale: parsed(
      'utilization-scale',
      (value) => oneOf('utilization-scale', value, SHARE_SCALES),
      'fraction',
    ),
    strictFilters: flags.has('strict-filters'),
    vendorRecords: flags.has('vendor-records'),
    hostileNames: flags.has('hostile-names'),
    portfolio: parsed('portfolio', (value) => integerFlag('portfolio', value, 0, MAX_PORTFOLIO_SPACES), 0),
    rateLimit: parsed('rate-limit', (value) => integerFlag('rate-limit', value, 0, MAX_RATE_LIMIT), 0),
    control: flags.has('control'),
    jwtSecret: jwtSecret(env),
  };
}

/** `--token [--locations 11,12] [--expires-in <seconds>]`: what the CLI needs to print a token. */
export function parseTokenArgs(argv: readonly string[], env: Env = process.env): TokenArgs {
  const flags = readFlags(argv, TOKEN_FLAGS);
  if (!flags.has('token')) throw new SimulatorArgsError('--token is required to print a token');
  const args: TokenArgs = { secret: jwtSecret(env) };
  const locations = flags.get('locations');
  if (typeof locations === 'string') {
    if (!/^\d+(,\d+)*$/.test(locations)) {
      throw new SimulatorArgsError(`--locations '${locations}' is not valid; expected location ids like 11,12`);
    }
    args.locations = locations.split(',').map(Number);
  }
  const expiresIn = flags.get('expires-in');
  if (typeof expiresIn === 'string') {
    args.expiresInSeconds = integerFlag('expires-in', expiresIn, 1, 10 * 365 * 24 * 3600);
  }
  return args;
}
