import { z } from 'zod';
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

describe('describeError', () => {
  it('404: location not found or not accessible, with the problem and the request id', () => {
    expect(describeError(apiError(404, 'Not Found', 'Location 42 does not exist'))).toEqual({
      heading: 'Location not found or not accessible',
      lines: ['Not Found', 'Location 42 does not exist'],
      requestId: 'req-123',
    });
  });

  it('401: sign-in needed, with a default line when the server gives no detail', () => {
    expect(describeError(apiError(401, 'Unauthorized', 'Token expired'))).toEqual({
      heading: 'Sign-in needed',
      lines: ['Unauthorized', 'Token expired'],
      requestId: 'req-123',
    });
    expect(describeError(apiError(401, 'Unauthorized', '', null))).toEqual({
      heading: 'Sign-in needed',
      lines: ['Unauthorized', 'The API needs a valid token.'],
      requestId: null,
    });
  });

  it('other HTTP errors: the title, the detail and the status', () => {
    expect(describeError(apiError(400, 'Bad Request', 'end_date before start_date'))).toEqual({
      heading: 'Bad Request',
      lines: ['end_date before start_date', 'HTTP 400'],
      requestId: 'req-123',
    });
    expect(describeError(apiError(502, 'Bad Gateway', '')).lines).toEqual(['HTTP 502']);
  });

  it('keeps markup from the server as plain text', () => {
    const described = describeError(apiError(404, '<b>Not</b> found', '<img src=x onerror=alert(1)>'));
    expect(described.lines).toEqual(['<b>Not</b> found', '<img src=x onerror=alert(1)>']);
  });

  it('an unreadable response lists its problems and the URL', () => {
    const error = new InvalidResponseError(
      '/v2/locations/4/occupancy',
      'The response does not match the API contract',
      ['data[3].avg_occupancy: expected number', 'pagination: required'],
    );
    expect(describeError(error)).toEqual({
      heading: 'The server sent a response we cannot read',
      lines: ['data[3].avg_occupancy: expected number', 'pagination: required', '/v2/locations/4/occupancy'],
      requestId: null,
    });
  });

  it('a request the client refuses lists its problems', () => {
    const result = z.object({ start_hour_filter: z.number().max(23) }).safeParse({ start_hour_filter: 24 });
    if (result.success) throw new Error('expected the parse to fail');
    const described = describeError(new InvalidRequestError(result.error));
    expect(described.heading).toBe('These filters cannot be sent');
    expect(described.lines).toHaveLength(1);
    expect(described.lines[0]).toMatch(/^start_hour_filter: /);
  });

  it('a network failure says the API could not be reached and the filters are kept', () => {
    const error = new NetworkError('https://api.example.com/v2', new TypeError('Failed to fetch'));
    expect(describeError(error)).toEqual({
      heading: 'Could not reach the API',
      lines: [
        'Could not reach the API at https://api.example.com/v2 (Failed to fetch)',
        'Check the connection; your filters are kept.',
      ],
      requestId: null,
    });
  });

  it('a paging loop', () => {
    expect(describeError(new PagingError('cursor c7 came back'))).toEqual({
      heading: 'The server’s pages went round in a circle',
      lines: ['cursor c7 came back'],
      requestId: null,
    });
  });

  it('anything else: something went wrong, with its message', () => {
    expect(describeError(new Error('boom'))).toEqual({
      heading: 'Something went wrong',
      lines: ['boom'],
      requestId: null,
    });
    expect(describeError('plain string')).toEqual({
      heading: 'Something went wrong',
      lines: ['plain string'],
      requestId: null,
    });
    expect(describeError(undefined).heading).toBe('Something went wrong');
  });
});
