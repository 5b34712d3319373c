/**
 * Simulated failures of API requests, for resilience testing. Three modes:
 *
 * - `off`: normal service.
 * - `random`: each API request fails with probability `failRate`, as a 500 problem. The draws come from
 *   a PRNG seeded by `--seed` and indexed by the request's position since the setting was last made
 *   (at start from `--fail-rate`, or by `POST /__control/failures`), so the same sequence of requests
 *   fails at the same positions on every run. Concurrent requests take positions in arrival order.
 * - `all`: an outage; every API request fails with a 503 problem and `Retry-After: 1`.
 *
 * The app applies `check()` to authenticated /v2 requests only; `parseFailureSetting` validates the
 * body of `POST /__control/failures` (`--control`).
 */
import { z } from 'zod';

import { Stream, uniformStream } from './prng';
import { ProblemError } from './problem';

export type FailureMode = 'off' | 'random' | 'all';

/** What `GET /__control/failures` answers: the mode and the share of API requests that fail. */
export interface FailureSetting {
  mode: FailureMode;
  /** 0 when off, 1 during an outage. */
  failRate: number;
}

export interface FailureInjector {
  readonly setting: FailureSetting;
  /** Applies a new setting; random draws start again from the first position. */
  set(setting: FailureSetting): void;
  /** Throws the simulated failure for the next API request, if it is to fail. */
  check(): void;
}

export const RETRY_AFTER_SECONDS = 1;

export function settingForRate(failRate: number): FailureSetting {
  return failRate === 0 ? { mode: 'off', failRate: 0 } : { mode: 'random', failRate };
}

export function createFailureInjector(seed: number, initial: FailureSetting): FailureInjector {
  const draw = uniformStream(seed, Stream.failure);
  let setting = { ...initial };
  let position = 0;
  return {
    get setting() {
      return { ...setting };
    },
    set(next) {
      setting = { ...next };
      position = 0;
    },
    check() {
      if (setting.mode === 'off') return;
      if (setting.mode === 'all') {
        throw new ProblemError('service-unavailable', 'simulated outage; retry the request', {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        });
      }
      if (draw(position++) < setting.failRate) {
        throw new ProblemError('internal-error', 'simulated failure; retry the request');
      }
    },
  };
}

/**
 * `{ failRate }` (0 to 1; 0 means off), `{ mode: 'off' }`, `{ mode: 'all' }` (an outage), or
 * `{ mode: 'random', failRate }`. A failRate contradicting the mode, or an unknown field, is refused.
 */
const failureBodySchema = z
  .strictObject({
    mode: z.enum(['off', 'random', 'all']).optional(),
    failRate: z.number().min(0).max(1).optional(),
  })
  .superRefine(({ mode, failRate }, context) => {
    const issue = (message: string) => context.addIssue({ code: 'custom', message, path: ['failRate'] });
    if (mode === undefined && failRate === undefined) {
      context.addIssue({ code: 'custom', message: 'send failRate (0 to 1), mode (off, random, all) or both' });
    } else if (mode === 'random' && failRate === undefined) issue('mode random needs a failRate from 0 to 1');
    else if (mode === 'off' && failRate !== undefined && failRate !== 0) issue('mode off allows failRate 0 only');
    else if (mode === 'all' && failRate !== undefined && failRate !== 1) issue('mode all allows failRate 1 only');
  })
  .transform(({ mode, failRate }): FailureSetting => {
    if (mode === 'off') return settingForRate(0);
    if (mode === 'all') return { mode: 'all', failRate: 1 };
    return settingForRate(failRate ?? 0);
  });

/** The setting a request body asks for; a 400 `invalid-body` problem naming what is wrong otherwise. */
export function parseFailureSetting(body: unknown): FailureSetting {
  const result = failureBodySchema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  throw new ProblemError('invalid-body', `${problems.join('; ')}. Expected ${EXPECTED_BODY}`);
}

const EXPECTED_BODY = '{ "failRate": 0..1 } or { "mode": "off" | "all" } or { "mode": "random", "failRate": 0..1 }';

/** Reads a JSON body; a 400 `invalid-body` problem when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProblemError('invalid-body', `the body is not JSON. Expected ${EXPECTED_BODY}`);
  }
}
