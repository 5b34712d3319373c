// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { tokenStore } from '../config/token-store';
import { dropEarlyRequest, fetchOrTakeEarly, sendEarlyRequests } from './early-requests';

const config = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** The client's request for the list's first page, as api/client.ts sends it. */
const asTheClient = (url: string, token: string | null) =>
  fetchOrTakeEarly(url, {
    method: 'GET',
    headers: {
      Accept: 'application/json, application/problem+json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });

describe('early requests', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    dropEarlyRequest();
    tokenStore.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the list's first page once config.json is in, and the client's same request takes its answer", async () => {
    sendEarlyRequests(config({ apiBaseUrl: 'https://api.example.com/v2/', token: 'from-config' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.com/v2/locations', {
      method: 'GET',
      headers: { Accept: 'application/json, application/problem+json', Authorization: 'Bearer from-config' },
    });

    await asTheClient('https://api.example.com/v2/locations', 'from-config');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next request for the list is sent.
    await asTheClient('https://api.example.com/v2/locations', 'from-config');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends it with the typed token, which the client uses before config.json’s', async () => {
    tokenStore.set('typed');
    sendEarlyRequests(config({ apiBaseUrl: '/v2', token: 'from-config' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer typed');
  });

  it('leaves other requests to fetch, and drops its answer when the client asks with another token', async () => {
    const cancel = vi.fn(async () => undefined);
    const early = { body: { cancel } } as unknown as Response;
    fetchMock.mockResolvedValueOnce(early);
    sendEarlyRequests(config({ apiBaseUrl: '/v2', token: 'old' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    await asTheClient('/v2/locations/12/now', 'old');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const answer = await asTheClient('/v2/locations', 'new');
    expect(answer).not.toBe(early);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(cancel).toHaveBeenCalled());
  });

  it('sends nothing when config.json fails, names no API, or the browser has no network', async () => {
    sendEarlyRequests(config({ error: 'nope' }, 500));
    sendEarlyRequests(config({ token: 'no address' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sendEarlyRequests(config({ apiBaseUrl: '/v2' }));
    await asTheClient('/v2/locations', null);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
