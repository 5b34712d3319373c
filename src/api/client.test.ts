import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import {
  fakeFetch,
  makeNetworkFail,
  metricEnvelope,
  problemBody,
  rejectionOf,
  respondWithHtml,
  respondWithJson,
  respondWithProblem,
  windowAt,
  type FetchHandler,
} from '../test/fetch-fakes';
import { manualClock } from '../test/manual-clock';
import { createApiClient } from './client';
import { REQUESTS_IN_FLIGHT } from './limiter';
import { walkSeries } from './series-walk';
import { ApiError, InvalidResponseError, NetworkError, isAbortError, isRefusal } from './errors';
import { METRIC_RESPONSE_SCHEMAS } from './schemas';

const okSchema = z.object({ ok: z.boolean() });
const OCCUPANCY = {
  avg_occupancy: 1,
  avg_utilization_percentage: 0.1,
  peak_occupancy: 2,
  peak_utilization_percentage: 0.2,
};

function setup(handler: FetchHandler, getToken: () => string | null = () => 'token-1') {
  const api = fakeFetch(handler);
  const client = createApiClient({ baseUrl: 'https://api.example.test/v2/', getToken, fetch: api.fetch });
  return { api, client };
}

describe('request', () => {
  it('sends a GET to base URL + path with Accept and the bearer token, and returns the parsed body', async () => {
    const { api, client } = setup(() => respondWithJson({ ok: true, extra: 1 }));
    await expect(client.get('/locations/1/occupancy', {}, okSchema)).resolves.toEqual({ ok: true });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.rawUrl).toBe('https://api.example.test/v2/locations/1/occupancy');
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('accept')).toContain('application/json');
    expect(request?.headers.get('accept')).toContain('application/problem+json');
  });

  it('sends no Authorization header when there is no token', async () => {
    const { api, client } = setup(
      () => respondWithJson({ ok: true }),
      () => null,
    );
    await client.get('/locations', {}, okSchema);
    expect(api.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('reads the token on every request', async () => {
    let token: string | null = 'first';
    const { api, client } = setup(
      () => respondWithJson({ ok: true }),
      () => token,
    );
    await client.get('/a', {}, okSchema);
    token = 'second';
    await client.get('/a', {}, okSchema);
    token = null;
    await client.get('/a', {}, okSchema);
    expect(api.requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer first', 'Bearer second', null]);
  });

  it('builds the query string from the defined params only, encoded', async () => {
    const { api, client } = setup(() => respondWithJson({ ok: true }));
    await client.get(
      '/locations/7/traffic',
      { start_date: '2026-01-05', end_date: undefined, limit: 50, cursor: 'a b&c=d', days_filter: undefined },
      okSchema,
    );
    const url = api.requests[0]!.url;
    expect(url.pathname).toBe('/v2/locations/7/traffic');
    expect([...url.searchParams.entries()]).toEqual([
      ['start_date', '2026-01-05'],
      ['limit', '50'],
      ['cursor', 'a b&c=d'],
    ]);
    expect(url.search).not.toContain('undefined');
  });

  it('adds no "?" when every param is undefined', async () => {
    const { api, client } = setup(() => respondWithJson({ ok: true }));
    await client.get('/locations', { cursor: undefined }, okSchema);
    expect(api.requests[0]?.rawUrl).toBe('https://api.example.test/v2/locations');
  });

  it('passes the AbortSignal to fetch', async () => {
    const { api, client } = setup(() => respondWithJson({ ok: true }));
    const controller = new AbortController();
    await client.get('/a', {}, okSchema, controller.signal);
    expect(api.requests[0]?.signal).toBe(controller.signal);
  });

  it('rejects an aborted request with the AbortError itself, not wrapped', async () => {
    let release: (() => void) | undefined;
    const { api, client } = setup(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(respondWithJson({ ok: true }));
        }),
    );
    const controller = new AbortController();
    const pending = client.get('/a', {}, okSchema, controller.signal);
    await Promise.resolve();
    controller.abort();
    const error = await rejectionOf(pending);
    release?.();
    expect(isAbortError(error)).toBe(true);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(api.requests).toHaveLength(1);
  });

  it('rejects with AbortError when the signal was aborted before the call', async () => {
    const { client } = setup(() => respondWithJson({ ok: true }));
    const error = await rejectionOf(client.get('/a', {}, okSchema, AbortSignal.abort()));
    expect(isAbortError(error)).toBe(true);
  });
});

describe('non-2xx answers', () => {
  it('turns a problem+json 404 into an ApiError with all RFC 7807 fields', async () => {
    const body = problemBody(404, {
      type: 'https://problems.example.test/location-not-found',
      title: 'Location not found',
      detail: 'Location 99 does not exist or is not accessible',
      instance: '/v2/locations/99/occupancy',
      request_id: '6f1c2a0e-8b7d-4c1e-9f3a-2d5b7e9c1a4f',
    });
    const { client } = setup(() => respondWithProblem(404, body));
    const error = await rejectionOf(client.get('/locations/99/occupancy', {}, okSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      type: 'https://problems.example.test/location-not-found',
      title: 'Location not found',
      detail: 'Location 99 does not exist or is not accessible',
      instance: '/v2/locations/99/occupancy',
      requestId: '6f1c2a0e-8b7d-4c1e-9f3a-2d5b7e9c1a4f',
      isProblemDetails: true,
    });
    expect((error as ApiError).message).toBe('404 Location not found: Location 99 does not exist or is not accessible');
  });

  it.each([400, 500])('turns a problem+json %s into an ApiError with that status', async (status) => {
    const { client } = setup(() => respondWithProblem(status));
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, title: problemBody(status).title, isProblemDetails: true });
  });

  it('fills the fields a partial problem body leaves out', async () => {
    const { client } = setup(() =>
      respondWithProblem(400, { title: 'Invalid parameter' }, { omit: ['type', 'detail', 'instance', 'request_id'] }),
    );
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      type: 'about:blank',
      title: 'Invalid parameter',
      detail: '',
      instance: null,
      requestId: null,
      isProblemDetails: true,
    });
  });

  it('falls back to the status text for a missing title, and takes status from the response, not the body', async () => {
    const { client } = setup(() => respondWithProblem(404, { status: 418 }, { omit: ['title'] }));
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toMatchObject({ status: 404, title: 'Not Found', isProblemDetails: true });
  });

  it('uses X-Request-Id when the problem body has no request_id', async () => {
    const { client } = setup(() =>
      respondWithProblem(500, {}, { omit: ['request_id'], headers: { 'X-Request-Id': 'req-from-header' } }),
    );
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toMatchObject({ status: 500, requestId: 'req-from-header', isProblemDetails: true });
  });

  it('prefers the body request_id over X-Request-Id', async () => {
    const { client } = setup(() =>
      respondWithProblem(500, { request_id: 'req-from-body' }, { headers: { 'X-Request-Id': 'req-from-header' } }),
    );
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toMatchObject({ requestId: 'req-from-body' });
  });

  it('turns an HTML 502 from a proxy into an ApiError without problem details, quoting the body', async () => {
    const html = '<html>\n  <body><h1>502 Bad Gateway</h1></body>\n</html>';
    const { client } = setup(() => respondWithHtml(502, html, { headers: { 'X-Request-Id': 'edge-1' } }));
    const error = await rejectionOf(client.get('/locations/1/occupancy', {}, okSchema));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError).toMatchObject({
      status: 502,
      type: 'about:blank',
      title: 'Bad Gateway',
      instance: null,
      requestId: 'edge-1',
      isProblemDetails: false,
    });
    expect(apiError.detail).toContain('502');
    expect(apiError.detail).toContain('text/html');
    expect(apiError.detail).toContain('<html> <body><h1>502 Bad Gateway</h1>');
  });

  it('cuts a long HTML body to its start', async () => {
    const html = `<html><body>${'x'.repeat(500)}TAIL</body></html>`;
    const { client } = setup(() => respondWithHtml(502, html));
    const error = (await rejectionOf(client.get('/a', {}, okSchema))) as ApiError;
    expect(error.detail).toContain('<html><body>xxx');
    expect(error.detail).not.toContain('TAIL');
    expect(error.requestId).toBeNull();
  });

  it('treats a JSON error body of the wrong shape as no problem details', async () => {
    const { client } = setup(() => respondWithJson({ status: 'broken', title: 42 }, { status: 500 }));
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toMatchObject({ status: 500, isProblemDetails: false, title: 'Internal Server Error' });
  });

  it('uses "HTTP <status>" as the title when there is no status text', async () => {
    const { client } = setup(() => new Response('', { status: 503, statusText: '' }));
    const error = (await rejectionOf(client.get('/a', {}, okSchema))) as ApiError;
    expect(error).toMatchObject({ status: 503, title: 'HTTP 503', isProblemDetails: false });
    expect(error.detail).toContain('empty body');
  });
});

describe('a 401 and the token it was sent with', () => {
  it('is a refusal of the token in use until the client’s token changes, then an answer to an old one', async () => {
    let token: string | null = 'expired';
    const { client } = setup(
      () => respondWithProblem(401),
      () => token,
    );
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(isRefusal(error)).toBe(true);
    // A new token (typed, or re-read from config.json) while the refused request was out: that 401 is old news.
    token = 'renewed';
    expect((error as ApiError).sentWithOldToken()).toBe(true);
    expect(isRefusal(error)).toBe(false);
    token = 'expired';
    expect(isRefusal(error)).toBe(true);
  });

  it('keeps the token out of the error: not in its fields, its message or its JSON', async () => {
    const { client } = setup(
      () => respondWithProblem(401),
      () => 'secret-token-value',
    );
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(JSON.stringify(error)).not.toContain('secret-token-value');
    expect(String(error)).not.toContain('secret-token-value');
    expect(
      Object.values(error as object)
        .map(String)
        .join(' '),
    ).not.toContain('secret-token-value');
  });

  it('is no refusal when it is not a 401', async () => {
    const { client } = setup(() => respondWithProblem(403));
    expect(isRefusal(await rejectionOf(client.get('/a', {}, okSchema)))).toBe(false);
    expect(isRefusal(new Error('401'))).toBe(false);
  });
});

describe('2xx answers the app cannot use', () => {
  it('turns a 2xx non-JSON body into InvalidResponseError describing it', async () => {
    const { client } = setup(() => respondWithHtml(200, '<!doctype html><title>Login</title>'));
    const error = await rejectionOf(client.get('/locations/1/traffic', { start_date: '2026-01-05' }, okSchema));
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid.url).toBe('https://api.example.test/v2/locations/1/traffic?start_date=2026-01-05');
    expect(invalid.message).toContain('not JSON');
    expect(invalid.problems).toHaveLength(1);
    expect(invalid.problems[0]).toContain('text/html');
    expect(invalid.problems[0]).toContain('<!doctype html><title>Login</title>');
  });

  it('turns 2xx JSON that fails the schema into InvalidResponseError naming the field path', async () => {
    const point = {
      ...windowAt(5),
      avg_occupancy: 3,
      avg_utilization_percentage: 0.3,
      peak_occupancy: 4,
      peak_utilization_percentage: 0.4,
    };
    const body = metricEnvelope('occupancy', [{ ...point, avg_occupancy: 'three' }, point]);
    const { client } = setup(() => respondWithJson(body));
    const error = await rejectionOf(client.get('/locations/1/occupancy', {}, METRIC_RESPONSE_SCHEMAS.occupancy));
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid.problems).toHaveLength(1);
    expect(invalid.problems[0]).toMatch(/^data\[0\]\.avg_occupancy: /);
    expect(invalid.message).toContain('data[0].avg_occupancy');
  });

  it('lists at most five problems and counts the rest', async () => {
    const { client } = setup(() => respondWithJson({}));
    const error = (await rejectionOf(
      client.get('/locations/1/occupancy', {}, METRIC_RESPONSE_SCHEMAS.occupancy),
    )) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.problems).toHaveLength(6);
    expect(error.problems.slice(0, 5).map((p) => p.split(':')[0])).toEqual([
      'location_id',
      'name',
      'capacity',
      'metric',
      'interval',
    ]);
    expect(error.problems[5]).toBe('and 5 more');
  });

  it('names the whole response when the body is not an object', async () => {
    const { client } = setup(() => respondWithJson([1, 2]));
    const error = (await rejectionOf(client.get('/a', {}, okSchema))) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.problems[0]).toMatch(/^\(response\): /);
  });
});

describe('no HTTP answer', () => {
  it('turns a fetch rejection (TypeError: Failed to fetch) into NetworkError keeping the cause', async () => {
    const { api, client } = setup(() => makeNetworkFail());
    const error = await rejectionOf(client.get('/locations', { limit: 5 }, okSchema));
    expect(error).toBeInstanceOf(NetworkError);
    const network = error as NetworkError;
    expect(network.url).toBe('https://api.example.test/v2/locations?limit=5');
    expect(network.cause).toBeInstanceOf(TypeError);
    expect((network.cause as TypeError).message).toBe('Failed to fetch');
    expect(network.message).toContain('Failed to fetch');
    expect(api.requests).toHaveLength(1);
  });
});

describe('the pace: every request, one pace per client', () => {
  const tooMany = (seconds: string) => respondWithProblem(429, {}, { headers: { 'Retry-After': seconds } });

  it('at full speed adds nothing: every request leaves at once, and the pace sets no timer', async () => {
    const clock = manualClock();
    const api = fakeFetch(() => respondWithJson({ ok: true }));
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    const results = Array.from({ length: REQUESTS_IN_FLIGHT }, (_, i) => client.get(`/a/${i}`, {}, okSchema));
    // Sent in the call itself: not a tick later.
    expect(api.requests).toHaveLength(REQUESTS_IN_FLIGHT);
    await Promise.all(results);
    expect(clock.pending).toBe(0);
    expect(client.pace.getSnapshot().slowed).toBe(false);
  });

  it('only a 429 slows it down: a 500, or a 503 with Retry-After (an outage, retried by the retry policy), does not', async () => {
    const clock = manualClock();
    const answers = [
      respondWithProblem(500),
      respondWithProblem(503, {}, { headers: { 'Retry-After': '30' } }),
      respondWithJson({ ok: true }),
    ];
    const api = fakeFetch(() => answers.shift()!);
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    await rejectionOf(client.get('/a', {}, okSchema));
    await rejectionOf(client.get('/b', {}, okSchema));
    const sent = client.get('/c', {}, okSchema);
    expect(api.requests).toHaveLength(3);
    await expect(sent).resolves.toEqual({ ok: true });
    expect(client.pace.getSnapshot().slowed).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('a 429 holds every request of the client, whoever sends it, until its Retry-After moment', async () => {
    const clock = manualClock();
    let refuse = true;
    const sentAt: number[] = [];
    const api = fakeFetch(() => {
      sentAt.push(clock.now());
      if (refuse) {
        refuse = false;
        return tooMany('2');
      }
      return respondWithJson({ ok: true });
    });
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    const seen: boolean[] = [];
    client.pace.subscribe(() => seen.push(client.pace.getSnapshot().slowed));

    const refused = await rejectionOf(client.get('/a', {}, okSchema));
    expect((refused as ApiError).status).toBe(429);
    expect(seen).toEqual([true]);
    const later = [client.get('/b', {}, okSchema), client.get('/c', {}, okSchema)];
    await clock.advance(1_999);
    expect(sentAt).toEqual([0]);
    await clock.advance(1);
    expect(sentAt[1]).toBe(2_000);
    await clock.advance(5_000);
    await expect(Promise.all(later)).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(sentAt).toHaveLength(3);
    await clock.advance(10_000);
    expect(seen).toEqual([true, false]);
  });

  it('a request aborted while it waits for its turn rejects at once and gives its slot up', async () => {
    const clock = manualClock();
    let refuse = true;
    const api = fakeFetch(() => {
      if (!refuse) return respondWithJson({ ok: true });
      refuse = false;
      return tooMany('5');
    });
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    await rejectionOf(client.get('/refused', {}, okSchema));
    const controller = new AbortController();
    const aborted = client.get('/aborted', {}, okSchema, controller.signal);
    const others = Array.from({ length: REQUESTS_IN_FLIGHT }, (_, i) => client.get(`/b/${i}`, {}, okSchema));
    await clock.advance(0);
    expect(client.limiter).toMatchObject({ inFlight: REQUESTS_IN_FLIGHT, waiting: 1 });
    controller.abort();
    expect(isAbortError(await rejectionOf(aborted))).toBe(true);
    expect(client.limiter).toMatchObject({ inFlight: REQUESTS_IN_FLIGHT, waiting: 0 });
    expect(api.requests.map((request) => request.url.pathname)).toEqual(['/v2/refused']);
    await clock.advance(10_000);
    await expect(Promise.all(others)).resolves.toHaveLength(REQUESTS_IN_FLIGHT);
    expect(api.requests.map((request) => request.url.pathname)).not.toContain('/v2/aborted');
  });

  it('a walk’s refused page informs the pace and is retried after its wait, the others held meanwhile', async () => {
    const clock = manualClock();
    let first = true;
    const sent: { path: string; at: number }[] = [];
    const api = fakeFetch((request) => {
      sent.push({ path: request.url.pathname, at: clock.now() });
      if (first && request.url.pathname.endsWith('/occupancy')) {
        first = false;
        return tooMany('1');
      }
      return respondWithJson(metricEnvelope('occupancy', [{ ...windowAt(5), ...OCCUPANCY }]));
    });
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
    const query = { start_date: '2026-01-05', end_date: '2026-01-05', interval: 'daily' } as const;
    const walk = walkSeries(client, 'occupancy', 1, query, { sleep });
    await clock.advance(0);
    expect(client.pace.getSnapshot().slowed).toBe(true);
    const other = client.get('/locations/1/now', {}, z.object({}));
    await clock.advance(999);
    expect(sent.map((request) => request.at)).toEqual([0]);
    await clock.advance(2_000);
    await walk;
    await other;
    expect(sent).toHaveLength(3);
    expect(sent.slice(1).every((request) => request.at >= 1_000)).toBe(true);
  });
});
