/**
 * The typed errors the API module throws. The UI tells them apart with `instanceof` and never has to parse
 * a message.
 */
import { t } from '@lingui/core/macro';
import type * as z from 'zod/mini';

/** Any non-2xx response. Carries the RFC 7807 fields; when the body was not problem+json they are derived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly instance: string | null;
  readonly requestId: string | null;
  /** False when the server (or a proxy in front of it) did not send problem details. */
  readonly isProblemDetails: boolean;
  /** How long the server asked to wait before trying again (its `Retry-After` header), or null if it did not say. */
  readonly retryAfterMs: number | null;
  /**
   * True once the client's token is no longer the one this request was sent with (a token typed or re-read from
   * config.json since): a 401 then says nothing about the token in use. Asked when needed; the token is not kept here.
   */
  readonly sentWithOldToken: () => boolean;

  constructor(fields: {
    status: number;
    type: string;
    title: string;
    detail: string;
    instance: string | null;
    requestId: string | null;
    isProblemDetails: boolean;
    retryAfterMs?: number | null;
    sentWithOldToken?: () => boolean;
  }) {
    super(`${fields.status} ${fields.title}: ${fields.detail}`);
    this.status = fields.status;
    this.type = fields.type;
    this.title = fields.title;
    this.detail = fields.detail;
    this.instance = fields.instance;
    this.requestId = fields.requestId;
    this.isProblemDetails = fields.isProblemDetails;
    this.retryAfterMs = fields.retryAfterMs ?? null;
    this.sentWithOldToken = fields.sentWithOldToken ?? (() => false);
  }
}

/** The API refused the token in use now: a 401 to a request sent with it, not with one replaced since. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && !error.sentWithOldToken();
}

/** The server has no such endpoint (404, 405 or 501 to an optional one, such as `/locations` or `/now`). */
export function isNotOffered(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405 || error.status === 501);
}

/** A 2xx response we cannot use: not JSON, or JSON that does not match the contract. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  readonly url: string;
  /** One line per problem, each naming the field path, e.g. `data[3].avg_occupancy: expected number`. */
  readonly problems: string[];

  constructor(url: string, summary: string, problems: string[]) {
    super(`${summary}${problems.length > 0 ? `: ${problems.join('; ')}` : ''}`);
    this.url = url;
    this.problems = problems;
  }

  static fromZod(url: string, error: z.core.$ZodError): InvalidResponseError {
    const problems = error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    if (error.issues.length > 5) problems.push(`and ${error.issues.length - 5} more`);
    return new InvalidResponseError(url, t`The response does not match the API contract`, problems);
  }
}

/** Parameters the client refuses to send because the spec does not allow them. */
export class InvalidRequestError extends Error {
  override readonly name = 'InvalidRequestError';
  readonly problems: string[];

  constructor(error: z.core.$ZodError) {
    const problems = error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    const list = problems.join('; ');
    super(t`Invalid request parameters: ${list}`);
    this.problems = problems;
  }
}

/** The request never got an HTTP answer: offline, DNS, CORS, connection refused. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly url: string;

  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? ` (${cause.message})` : '';
    super(t`Could not reach the API at ${url}${reason}`, { cause });
    this.url = url;
  }
}

/** The pages of one request went round in a circle: a server bug that must not become an endless loop. */
export class PagingError extends Error {
  override readonly name = 'PagingError';
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(response)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
