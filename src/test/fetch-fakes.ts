/**
 * Fakes at the fetch boundary, for unit tests of the API module and for component tests.
 *
 *   const api = fakeFetch(() => respondWithProblem(404));
 *   const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch });
 *   ...
 *   expect(api.requests[0]?.url.pathname).toBe('/v2/locations/1/occupancy');
 *
 * A handler returns (or resolves to) a `Response`; to simulate "no HTTP answer at all" it returns
 * `makeNetworkFail()`. The fake honours the `AbortSignal` the way `fetch` does: an aborted request rejects
 * with the signal's reason (a `DOMException` named `AbortError` unless the caller chose another reason).
 */

/** One request the code under test made. */
export interface RecordedRequest {
  /** Parsed against `http://localhost`, so relative addresses such as `/v2/locations` work. */
  url: URL;
  /** The address exactly as passed to `fetch`. */
  rawUrl: string;
  method: string;
  headers: Headers;
  signal: AbortSignal | undefined;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  /** Pass this where a `fetch` is expected (`createApiClient({ fetch })`, or `vi.stubGlobal('fetch', ...)`). */
  fetch: typeof fetch;
  /** Every request made so far, oldest first, including those the handler failed or that were aborted. */
  requests: RecordedRequest[];
}

export const FAKE_ORIGIN = 'http://localhost';

export function fakeFetch(handler: FetchHandler): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const rawUrl = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    const request: RecordedRequest = {
      url: new URL(rawUrl, FAKE_ORIGIN),
      rawUrl,
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      signal,
    };
    requests.push(request);
    if (signal?.aborted) throw signal.reason;
    if (!signal) return handler(request);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve()
        .then(() => handler(request))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function withDefaults(status: number, init: ResponseInit | undefined, contentType: string): ResponseInit {
  const headers = new Headers(init?.headers);
  if (!headers.has('content-type')) headers.set('content-type', contentType);
  return { ...init, status, statusText: init?.statusText ?? STATUS_TEXT[status] ?? '', headers };
}

/** A JSON answer, 200 unless `init.status` says otherwise. */
export function respondWithJson(body: unknown, init?: ResponseInit): Response {
  const status = init?.status ?? 200;
  return new Response(JSON.stringify(body), withDefaults(status, init, 'application/json'));
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  [extension: string]: unknown;
}

/** The problem body `respondWithProblem(status)` sends, for assertions. */
export function problemBody(status: number, overrides: Partial<ProblemBody> = {}): ProblemBody {
  return {
    type: `https://problems.example.test/${status}`,
    title: STATUS_TEXT[status] ?? `HTTP ${status}`,
    status,
    detail: `Problem ${status} for this request`,
    instance: '/v2/locations/1/occupancy',
    request_id: '00000000-0000-4000-8000-000000000000',
    ...overrides,
  };
}

/**
 * An RFC 7807 `application/problem+json` answer with all six spec fields. `overrides` replaces fields;
 * pass `omit` to leave fields out (a server that sends partial problem details).
 */
export function respondWithProblem(
  status: number,
  overrides: Partial<ProblemBody> = {},
  options: { omit?: (keyof ProblemBody)[]; headers?: HeadersInit } = {},
): Response {
  const body: Record<string, unknown> = problemBody(status, overrides);
  for (const key of options.omit ?? []) delete body[key];
  return new Response(
    JSON.stringify(body),
    withDefaults(status, { headers: options.headers }, 'application/problem+json'),
  );
}

/** An HTML page, as a proxy or load balancer sends in front of the API (`502 Bad Gateway`). */
export function respondWithHtml(status: number, html: string, init?: ResponseInit): Response {
  return new Response(html, withDefaults(status, init, 'text/html; charset=utf-8'));
}

/** What `fetch` does when there is no HTTP answer (offline, DNS, CORS): reject with a `TypeError`. */
export function makeNetworkFail(message = 'Failed to fetch'): Promise<never> {
  return Promise.reject(new TypeError(message));
}

export interface PaginationFields {
  has_more: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

/**
 * A valid metric envelope (spec 2.1) around `data`, for one location of capacity 10. Override any field;
 * `pagination` defaults to a single last page.
 */
export function metricEnvelope(
  metric: string,
  data: unknown[],
  overrides: Record<string, unknown> & { pagination?: Partial<PaginationFields> } = {},
): Record<string, unknown> {
  const { pagination, ...rest } = overrides;
  return {
    location_id: 1,
    name: 'Main Library',
    capacity: 10,
    metric,
    interval: 'daily',
    time_range: { start: '2026-01-05T00:00:00+01:00', end: '2026-01-11T23:59:59+01:00' },
    days_of_week: [2, 3, 4, 5, 6],
    hour_range: { start: 8, end: 18 },
    data,
    pagination: { has_more: false, next_cursor: null, prev_cursor: null, ...pagination },
    ...rest,
  };
}

/** The three window fields every data point carries, for day `day` of January 2026 (UTC+1). */
export function windowAt(day: number): { timestamp: string; window_start: string; window_end: string } {
  const dd = String(day).padStart(2, '0');
  const next = String(day + 1).padStart(2, '0');
  return {
    timestamp: `2026-01-${dd}T00:00:00+01:00`,
    window_start: `2026-01-${dd}T00:00:00+01:00`,
    window_end: `2026-01-${next}T00:00:00+01:00`,
  };
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
