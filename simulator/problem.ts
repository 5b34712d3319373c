/**
 * RFC 7807 / 9457 problem details. Every failure the simulator sends is `application/problem+json`
 * with all six fields of the contract (`problemSchema`), and the request id is echoed in `X-Request-Id`.
 * Handlers throw a `ProblemError`; the app's error handler turns it into a response.
 */
import type { Problem } from '../src/api/schemas';

export const PROBLEM_TYPE_BASE = 'https://simulator.local/problems/';

export const PROBLEM_TYPES = {
  'invalid-parameter': { status: 400, title: 'Invalid request parameter' },
  'invalid-body': { status: 400, title: 'Invalid request body' },
  unauthorized: { status: 401, title: 'Authentication required' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'internal-error': { status: 500, title: 'Internal server error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemType = keyof typeof PROBLEM_TYPES;

export class ProblemError extends Error {
  readonly type: ProblemType;
  readonly headers: Readonly<Record<string, string>>;

  constructor(type: ProblemType, detail: string, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.type = type;
    this.headers = headers;
  }

  get status(): number {
    return PROBLEM_TYPES[this.type].status;
  }
}

export function invalidParameter(detail: string): ProblemError {
  return new ProblemError('invalid-parameter', detail);
}

export function locationNotFound(id: number | string): ProblemError {
  return new ProblemError('not-found', `location ${id} not found or not accessible`);
}

function problemBody(error: ProblemError, instance: string, requestId: string): Problem {
  return {
    type: PROBLEM_TYPE_BASE + error.type,
    title: PROBLEM_TYPES[error.type].title,
    status: error.status,
    detail: error.message,
    instance,
    request_id: requestId,
  };
}

export function problemResponse(error: ProblemError, instance: string, requestId: string): Response {
  return new Response(JSON.stringify(problemBody(error, instance, requestId)), {
    status: error.status,
    headers: { ...error.headers, 'Content-Type': 'application/problem+json', 'X-Request-Id': requestId },
  });
}
