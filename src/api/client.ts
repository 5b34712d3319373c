/**
 * The one fetch client: the only code in the app that speaks HTTP.
 *
 * It adds the bearer token, passes the AbortSignal, validates every 2xx body with the caller's schema, and
 * turns every failure into a typed error (see errors.ts). It never shows anything and never navigates.
 *
 * Every request the app makes is one `get`, and every `get` goes through the client's two gates, in this order:
 * a slot of its limiter (limiter.ts: at most REQUESTS_IN_FLIGHT in flight, first come first served), then its turn
 * in the pace (pace.ts: full speed until the server answers 429, then slower, learned from the refusals). Callers
 * take neither themselves. A request holds its slot while it waits for its turn, and until its body is read.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';

import { ApiError, InvalidResponseError, NetworkError, isAbortError } from './errors';
import { createLimiter, REQUESTS_IN_FLIGHT, type Limiter } from './limiter';
import { createPace, systemClock, type PaceClock, type PaceState } from './pace';
import { parseRetryAfter } from './retry';

export type QueryValue = string | number | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface ApiClientOptions {
  /** Base address including the version segment, e.g. `/v2` or `https://api.example.com/v2`. */
  baseUrl: string;
  /** Read on every request, so a token typed after start-up is used at once. */
  getToken: () => string | null;
  fetch?: typeof fetch;
  /** The pace's clock (tests pass their own). */
  clock?: PaceClock;
}

/** What a body is validated with: a zod schema, or anything whose `safeParse` answers as one would. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

export interface ApiClient {
  /** Validates a 2xx body with `schema` (a zod schema, or fast-points.ts's checked fast path). */
  get<T>(path: string, query: QueryParams, schema: ResponseSchema<T>, signal?: AbortSignal): Promise<T>;
  /** Requests in flight (at most REQUESTS_IN_FLIGHT) and waiting for a slot. */
  readonly limiter: Pick<Limiter, 'inFlight' | 'waiting'>;
  /** Whether a 429 slowed this client's requests down (useSyncExternalStore). */
  readonly pace: PaceState;
}

/** Problem details as servers really send them: every field optional, extensions ignored. */
const looseProblemSchema = z.object({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.number()),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  request_id: z.optional(z.string()),
});

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clock = options.clock ?? systemClock;
  const limiter = createLimiter(REQUESTS_IN_FLIGHT);
  const pace = createPace(clock);

  const send = async <T>(path: string, query: QueryParams, schema: ResponseSchema<T>, signal?: AbortSignal) => {
    const url = `${baseUrl}${path}${toSearch(query)}`;
    // At full speed there is nothing to wait for: no promise, no tick.
    const turn = pace.turn(signal);
    if (turn) await turn;
    // The token as it is when the request leaves, not when it began to wait.
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const startedAtMs = clock.now();
    let response: Response;
    try {
      response = await doFetch(url, { method: 'GET', headers, signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new NetworkError(url, error);
    }
    // Read now: a date in the header counts from when the answer came, not from when a retry is planned.
    const retryAfterMs = response.ok ? null : parseRetryAfter(response.headers.get('retry-after'), Date.now());
    if (response.status === 429) pace.refused({ startedAtMs, retryAfterMs });

    const text = await readText(response, url);
    if (!response.ok) throw toApiError(response, text, retryAfterMs, () => options.getToken() !== token);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError(url, t`The response is not JSON`, [describeBody(response, text)]);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw InvalidResponseError.fromZod(url, parsed.error);
    return parsed.data;
  };

  return {
    get: (path, query, schema, signal) => limiter.run(() => send(path, query, schema, signal), signal),
    limiter,
    pace,
  };
}

function toSearch(query: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

async function readText(response: Response, url: string): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(url, error);
  }
}

/** Our own words for an error answer that carries no problem details. */
function noProblemDetails(status: number, body: string): string {
  return t`The server answered ${status} without problem details (${body}).`;
}

function toApiError(
  response: Response,
  text: string,
  retryAfterMs: number | null,
  sentWithOldToken: () => boolean,
): ApiError {
  const problem = parseProblem(response, text);
  const fallbackTitle = response.statusText || `HTTP ${response.status}`;
  if (!problem) {
    return new ApiError({
      status: response.status,
      type: 'about:blank',
      title: fallbackTitle,
      detail: noProblemDetails(response.status, describeBody(response, text)),
      instance: null,
      requestId: response.headers.get('x-request-id'),
      isProblemDetails: false,
      retryAfterMs,
      sentWithOldToken,
    });
  }
  return new ApiError({
    status: response.status,
    type: problem.type ?? 'about:blank',
    title: problem.title ?? fallbackTitle,
    detail: problem.detail ?? '',
    instance: problem.instance ?? null,
    requestId: problem.request_id ?? response.headers.get('x-request-id'),
    isProblemDetails: true,
    retryAfterMs,
    sentWithOldToken,
  });
}

function parseProblem(response: Response, text: string): z.infer<typeof looseProblemSchema> | null {
  const contentType = response.headers.get('content-type') ?? '';
  if (!/json/i.test(contentType)) return null;
  try {
    const parsed = looseProblemSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `text/html, starts with "<html><body>502 Bad Gateway…"`: enough to recognise a proxy page. */
function describeBody(response: Response, text: string): string {
  const contentType = response.headers.get('content-type') ?? t`no content type`;
  const start = `${text.replace(/\s+/g, ' ').trim().slice(0, 80)}${text.length > 80 ? '…' : ''}`;
  return text.trim() ? t`${contentType}, starts with "${start}"` : t`${contentType}, empty body`;
}
