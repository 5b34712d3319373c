import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';

import { ApiError, InvalidRequestError, InvalidResponseError, NetworkError, PagingError } from '../api/errors';
import { describeError } from './error-panel';

function apiError(status: number, title: string, detail: string, requestId: string | null = 'req-123'): ApiError {
  return new ApiError({
    status,
    type: 'about:blank',
    title,
    detail,
    instance: null,
    requestId,
    isProblemDetails: true,
  });
}

/** What a user reads without opening Details: no protocol, header or flag names. */
const visible = (d: ReturnType<typeof describeError>) => [d.heading, ...d.lines].join(' ');
const TECHNICAL = /HTTP|Bearer|Authorization|JWT|token|--|\b[45]\d\d\b|API|cursor|RFC/;

describe('describeError', () => {
  it('401: the access key was refused; the header and token words stay in Details', () => {
    const d = describeError(apiError(401, 'Unauthorized', 'Missing or invalid Authorization: Bearer <JWT>'));
    expect(d.heading).toBe('Sign-in needed');
    expect(d.lines).toEqual([
      'This dashboard’s access key was refused. Ask your administrator for a valid one, or enter it below.',
    ]);
    expect(visible(d)).not.toMatch(TECHNICAL);
    expect(d.details).toEqual({
      status: 401,
      requestId: 'req-123',
      problem: ['Unauthorized', 'Missing or invalid Authorization: Bearer <JWT>'],
    });
  });

  it('500: the service had a problem, try again; the simulator’s flag name only in Details', () => {
    const d = describeError(apiError(500, 'Internal Server Error', 'simulated failure (--fail-rate)'));
    expect(d.heading).toBe('The analytics service had a problem');
    expect(d.lines).toEqual(['Try again in a moment. Your filters are kept.']);
    expect(visible(d)).not.toMatch(TECHNICAL);
    expect(d.details.problem).toEqual(['Internal Server Error', 'simulated failure (--fail-rate)']);
    expect(d.details.status).toBe(500);
    expect(describeError(apiError(502, 'Bad Gateway', '')).details.problem).toEqual(['Bad Gateway']);
  });

  it('404: location not found or not accessible, the problem in Details', () => {
    const d = describeError(apiError(404, 'Not Found', 'Location 42 does not exist'));
    expect(d.heading).toBe('Location not found or not accessible');
    expect(visible(d)).not.toMatch(TECHNICAL);
    expect(d.details).toEqual({
      status: 404,
      requestId: 'req-123',
      problem: ['Not Found', 'Location 42 does not exist'],
    });
  });

  it('429 and other refusals: busy, or try other filters', () => {
    expect(describeError(apiError(429, 'Too Many Requests', '')).heading).toBe('The analytics service is busy');
    const d = describeError(apiError(400, 'Bad Request', 'end_date before start_date'));
    expect(d.heading).toBe('The analytics service could not answer this question');
    expect(visible(d)).not.toMatch(/end_date/);
    expect(d.details.problem).toEqual(['Bad Request', 'end_date before start_date']);
  });

  it('keeps markup from the server as plain text', () => {
    const described = describeError(apiError(404, '<b>Not</b> found', '<img src=x onerror=alert(1)>'));
    expect(described.details.problem).toEqual(['<b>Not</b> found', '<img src=x onerror=alert(1)>']);
  });

  it('an unreadable response: its problems and the URL in Details', () => {
    const error = new InvalidResponseError(
      '/v2/locations/4/occupancy',
      'The response does not match the API contract',
      ['data[3].avg_occupancy: expected number', 'pagination: required'],
    );
    const d = describeError(error);
    expect(d.heading).toBe('The analytics service sent data this dashboard cannot read');
    expect(visible(d)).not.toMatch(TECHNICAL);
    expect(d.details).toEqual({
      status: null,
      requestId: null,
      problem: ['data[3].avg_occupancy: expected number', 'pagination: required', '/v2/locations/4/occupancy'],
    });
  });

  it('a request the client refuses: its problems in Details', () => {
    const result = z.object({ start_hour_filter: z.number().check(z.lte(23)) }).safeParse({ start_hour_filter: 24 });
    if (result.success) throw new Error('expected the parse to fail');
    const described = describeError(new InvalidRequestError(result.error));
    expect(described.heading).toBe('These filters cannot be used');
    expect(visible(described)).not.toMatch(/start_hour_filter/);
    expect(described.details.problem).toHaveLength(1);
    expect(described.details.problem[0]).toMatch(/^start_hour_filter: /);
  });

  it('a network failure: the service could not be reached, the filters are kept; the address in Details', () => {
    const error = new NetworkError('https://api.example.com/v2', new TypeError('Failed to fetch'));
    expect(describeError(error)).toEqual({
      heading: 'Could not reach the analytics service',
      lines: ['Check the connection and try again. Your filters are kept.'],
      details: {
        status: null,
        requestId: null,
        problem: ['Could not reach the API at https://api.example.com/v2 (Failed to fetch)'],
      },
    });
  });

  it('a paging loop', () => {
    const d = describeError(new PagingError('cursor c7 came back'));
    expect(d.heading).toBe('The analytics service sent its data in a loop');
    expect(visible(d)).not.toMatch(TECHNICAL);
    expect(d.details.problem).toEqual(['cursor c7 came back']);
  });

  it('anything else: something went wrong, its message in Details', () => {
    expect(describeError(new Error('boom'))).toEqual({
      heading: 'Something went wrong',
      lines: ['Try again.'],
      details: { status: null, requestId: null, problem: ['boom'] },
    });
  });
});
