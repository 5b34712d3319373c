/**
 * The HTTP adapter of the Location Metrics API v2 simulator. All API routes live under /v2 and need an
 * HS256 bearer JWT (auth.ts); the control routes (with --control) need none. Every failure is
 * `application/problem+json` (problem.ts), and every response carries `X-Request-Id`.
 *
 * Routes:
 *   GET /v2/locations                                  { data: LocationRecord[], pagination } (limit, cursor)
 *   GET /v2/locations/{id}[?include=children]          the record [+ children_data, pagination]
 *   GET /v2/locations/{id}/now[?include=children]      the current reading [+ children_data, pagination]
 *   GET /v2/locations/{id}/{occupancy|traffic|dwell_time|availability}   the metric envelope
 *   GET  /__control/failures      (--control only)     the simulated failures: { mode, failRate }
 *   POST /__control/failures      (--control only)     set them: { failRate } | { mode: off|all } | both
 *   GET  /__control/clock         (--control only)     the clock: { now: ISO instant } or { now: null } (real)
 *   POST /__control/clock         (--control only)     fix it at { now: ISO instant with offset }, or null: real
 *   GET  /__control/tokens        (--control only)     { revoked: number of tokens refused }
 *   POST /__control/tokens        (--control only)     { revoke: JWT } refuses that token (401) | { clear: true }
 * A LocationRecord carries time_zone, operating_hours and operating_days beyond the vendor's six fields
 * (location_id, name, status, parent_id, capacity, start_date); --vendor-records serves the six only.
 * --hostile-names: locations 22 and 23 carry markup, script and formula payloads in name and status (hostile-names.ts).
 * --portfolio N: N generated spaces in buildings and campuses, ids from 1000, beside the built-in ones (portfolio.ts).
 * --rate-limit R: at most R requests a second per token, with bursts of R (rate-limit.ts); past it a 429.
 *
 * 400 causes (type https://simulator.local/problems/invalid-parameter; `detail` names the parameter):
 *   - start_date or end_date missing, malformed, not a calendar date, or outside 1970-01-01..2099-12-31
 *   - end_date before start_date; a range longer than 3,660 days
 *   - interval not allowed for the endpoint (the detail lists the valid values)
 *   - limit not an integer from 1 to 1000
 *   - start_hour_filter or end_hour_filter not an integer from 0 to 23
 *   - start hour after end hour, after defaults (the location's operating hours) are applied
 *   - days_filter not matching ^[1-7]+$
 *   - cursor malformed or tampered with (bad signature)
 *   - cursor of another request: another location, metric or list; start_date, end_date or interval
 *     differing from the cursor's (or missing)
 *   - a filter differing from the cursor's (omitted filters are taken from the cursor)
 *   - with --strict-filters: an hour or day filter on a sub-daily interval (15min, 30min, 60min, hourly)
 *   - a location id that is not an integer
 *   - include other than `children`
 * 400 on POST /__control/failures (type .../invalid-body): a body that is not JSON, not an object,
 *   has unknown fields, a failRate outside 0..1 or contradicting the mode, or a mode other than
 *   off, random, all (failures.ts).
 * 401: missing, malformed, wrongly signed, expired or revoked token (with `WWW-Authenticate: Bearer ...`).
 * 404: unknown or inaccessible location (the same answer), unknown path (/__control/* without --control).
 * 405: a method other than GET on an API route; other than GET or POST on a control route.
 * 500: unexpected errors, and the share of authenticated /v2 requests set by --fail-rate or the control
 *   route (seeded by --seed: the same sequence of requests fails at the same positions).
 * 503 with `Retry-After: 1`: every authenticated /v2 request during a simulated outage ({ mode: 'all' }).
 * 429 with `Retry-After` (whole seconds until a token is back, at least 1), with --rate-limit R: an authenticated
 *   /v2 request past its token's bucket of R requests, refilled at R a second (rate-limit.ts).
 *
 * Answers of 1 kB or more are gzip-compressed for a client that accepts it (every browser does), as a production API
 * behind any gateway sends them: a week of hourly occupancy is about 40 kB as text and 4 kB compressed, which is what
 * a phone on a slow network waits for.
 */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';

import { dateTimeSchema, METRICS } from '../src/api/schemas';
import { type AccessScope, applyTokenControl, authenticate, canAccess, createTokenRevocations } from './auth';
import { type Catalogue, createCatalogue } from './catalogue';
import { createCursorCodec, paginate } from './cursor';
import { createFailureInjector, parseFailureSetting, readJsonBody, settingForRate } from './failures';
import { presentLocation, presentStatus } from './hostile-names';
import { childrenOf, type Location, toLocationRecord, toVendorRecord } from './locations';
import { createSeriesSource } from './metric-series';
import { metricCursor, resolveMetricQuery } from './metric-query';
import type { SimulatorOptions } from './options';
import { invalidParameter, locationNotFound, ProblemError, problemResponse } from './problem';
import { createRateLimiter } from './rate-limit';
import { listPage } from './list-page';
import { metricEnvelope, nowReading } from './responses';

type AppEnv = { Variables: { requestId: string; scope: AccessScope } };
type AppContext = Context<AppEnv>;

const LOCATION_PATHS = ['/v2/locations', '/v2/locations/:id', '/v2/locations/:id/now'];
const METRIC_PATHS = METRICS.map((metric) => `/v2/locations/:id/${metric}`);
const CONTROL_FAILURES_PATH = '/__control/failures';
const CONTROL_CLOCK_PATH = '/__control/clock';
const CONTROL_TOKENS_PATH = '/__control/tokens';

export function createSimulatorApp(options: SimulatorOptions): Hono<AppEnv> {
  // `--now`, or what POST /__control/clock set (--control), else the real clock.
  let fixedNow = options.now;
  const nowMs = () => fixedNow ?? Date.now();
  const clockSetting = () => ({ now: fixedNow === null ? null : new Date(fixedNow).toISOString() });
  const cursors = createCursorCodec(options.jwtSecret);
  const series = createSeriesSource(options);
  const asRecord = options.vendorRecords ? toVendorRecord : toLocationRecord;
  // --hostile-names: what the API shows of a location (name, status); its data is the unrenamed location's.
  const shown = (location: Location) => presentLocation(location, options.hostileNames);
  const catalogue = createCatalogue(options);
  // Made once: the list holds every location (some 1,650 with --portfolio 1500) and is asked for often.
  const records = new Map(
    catalogue.locations.map((location) => [
      location.id,
      { ...asRecord(shown(location)), status: presentStatus(location, options.hostileNames) },
    ]),
  );
  const toRecord = (location: Location) => records.get(location.id)!;
  const failures = createFailureInjector(options.seed, settingForRate(options.failRate));
  const revocations = createTokenRevocations();
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
  });
  app.use('/v2/*', compress());
  if (options.control) {
    // Registered first, so it answers the preflights of its own paths (POST with a JSON body).
    app.use(
      '/__control/*',
      cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 600 }),
    );
  }
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type'],
      // Retry-After too: a dashboard on another origin must read how long a 429 or 503 asks it to wait.
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  if (options.latencyMs > 0) {
    app.use('*', async (_c, next) => {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      await next();
    });
  }
  app.use('/v2/*', async (c, next) => {
    c.set('scope', await authenticate(c.req.header('Authorization'), options.jwtSecret, revocations));
    await next();
  });
  if (options.rateLimit > 0) {
    // Per token, after authentication: a refused token is a 401, never counted against anyone's bucket.
    const limiter = createRateLimiter(options.rateLimit);
    app.use('/v2/*', async (c, next) => {
      limiter.take(c.req.header('Authorization') ?? '');
      await next();
    });
  }
  app.use('/v2/*', async (_c, next) => {
    failures.check();
    await next();
  });
  if (options.control) {
    app.get(CONTROL_FAILURES_PATH, (c) => c.json(failures.setting));
    app.post(CONTROL_FAILURES_PATH, async (c) => {
      failures.set(parseFailureSetting(await readJsonBody(c.req.raw)));
      return c.json(failures.setting);
    });
    app.get(CONTROL_CLOCK_PATH, (c) => c.json(clockSetting()));
    app.post(CONTROL_CLOCK_PATH, async (c) => {
      fixedNow = parseClockSetting(await c.req.text());
      return c.json(clockSetting());
    });
    app.get(CONTROL_TOKENS_PATH, (c) => c.json({ revoked: revocations.count }));
    app.post(CONTROL_TOKENS_PATH, async (c) => {
      // Not readJsonBody: its message names the failures' body; a body that is not JSON is refused just the same.
      const text = await c.req.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      applyTokenControl(revocations, body);
      return c.json({ revoked: revocations.count });
    });
    app.on(['PUT', 'PATCH', 'DELETE'], [CONTROL_FAILURES_PATH, CONTROL_CLOCK_PATH, CONTROL_TOKENS_PATH], (c) => {
      throw new ProblemError('method-not-allowed', `${c.req.method} is not allowed on ${c.req.path}; use GET or POST`, {
        Allow: 'GET, POST',
      });
    });
  }

  app.get('/v2/locations', (c) => {
    const visible = catalogue.locations.filter((location) => canAccess(c.get('scope'), location.id));
    const page = listPage(visible.map(toRecord), c.req.query(), { kind: 'locations' }, cursors);
    return c.json({ data: page.items, pagination: page.pagination });
  });

  app.get('/v2/locations/:id', (c) => {
    const location = accessibleLocation(c, catalogue);
    const record = toRecord(location);
    if (!includesChildren(c)) return c.json(record);
    const scope = { kind: 'children', parent_id: location.id, view: 'detail' } as const;
    const page = listPage(visibleChildren(c, location).map(toRecord), c.req.query(), scope, cursors);
    return c.json({ ...record, children_data: page.items, pagination: page.pagination });
  });

  app.get('/v2/locations/:id/now', (c) => {
    const location = accessibleLocation(c, catalogue);
    const now = nowMs();
    const reading = (place: Location) => nowReading(shown(place), now, options.seed, options.utilizationScale);
    if (!includesChildren(c)) return c.json(reading(location));
    const scope = { kind: 'children', parent_id: location.id, view: 'now' } as const;
    const page = listPage(visibleChildren(c, location), c.req.query(), scope, cursors);
    return c.json({ ...reading(location), children_data: page.items.map(reading), pagination: page.pagination });
  });

  for (const metric of METRICS) {
    app.get(`/v2/locations/:id/${metric}`, (c) => {
      const location = accessibleLocation(c, catalogue);
      const query = resolveMetricQuery(c.req.query(), {
        metric,
        location,
        cursors,
        strictFilters: options.strictFilters,
      });
      const points = series({ ...query, location, metric, nowMs: nowMs() });
      const page = paginate(points.length, query.offset, query.limit, (offset) =>
        cursors.encode(metricCursor({ metric, location }, query, offset)),
      );
      return c.json(metricEnvelope(metric, shown(location), query, points.points(page.from, page.to), page.pagination));
    });
  }

  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], [...LOCATION_PATHS, ...METRIC_PATHS], (c) => {
    throw new ProblemError('method-not-allowed', `${c.req.method} is not allowed on ${c.req.path}; use GET`, {
      Allow: 'GET, HEAD, OPTIONS',
    });
  });
  app.notFound((c) =>
    problemResponse(
      new ProblemError('not-found', `no resource at ${c.req.path}; see /v2/locations`),
      c.req.path,
      c.get('requestId'),
    ),
  );
  app.onError((error, c) => {
    if (error instanceof ProblemError) return problemResponse(error, c.req.path, c.get('requestId'));
    console.error(`[simulator] ${c.req.method} ${c.req.path} failed:`, error);
    const internal = new ProblemError('internal-error', `unexpected error; request id ${c.get('requestId')}`);
    return problemResponse(internal, c.req.path, c.get('requestId'));
  });
  return app;
}

/** The location named in the path, if the token may see it; 404 otherwise, whichever the reason. */
function accessibleLocation(c: AppContext, catalogue: Catalogue): Location {
  const idParam = c.req.param('id') ?? '';
  if (!/^-?\d+$/.test(idParam) || !Number.isSafeInteger(Number(idParam))) {
    throw invalidParameter(`location id '${idParam.slice(0, 40)}' is not valid; expected an integer`);
  }
  const location = catalogue.find(Number(idParam));
  if (location === undefined || !canAccess(c.get('scope'), location.id)) throw locationNotFound(idParam);
  return location;
}

function visibleChildren(c: AppContext, location: Location): Location[] {
  return childrenOf(location).filter((child) => canAccess(c.get('scope'), child.id));
}

function includesChildren(c: AppContext): boolean {
  const include = c.req.query('include');
  if (include === undefined) return false;
  if (include !== 'children')
    throw invalidParameter(`include '${include.slice(0, 40)}' is not valid; valid values: children`);
  return true;
}

/** `{ "now": "<ISO instant with offset>" }` fixes the clock there; `{ "now": null }` gives back the real clock. */
function parseClockSetting(text: string): number | null {
  let now: unknown;
  try {
    now = (JSON.parse(text) as { now?: unknown } | null)?.now;
  } catch {
    now = undefined;
  }
  if (now === null) return null;
  if (typeof now === 'string' && dateTimeSchema.safeParse(now).success && !Number.isNaN(Date.parse(now))) {
    return Date.parse(now);
  }
  throw new ProblemError(
    'invalid-body',
    'Expected { "now": an ISO instant with an offset, e.g. "2026-11-18T23:58:00-05:00" } or { "now": null }',
  );
}
