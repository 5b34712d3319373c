/**
 * The location list's first page, asked for as soon as config.json says where the API is (main.tsx), while the
 * start's chunks are still downloading: every route reads the list first, and on a slow network its request would
 * otherwise wait for the API client's code. The client takes the answer up when it sends that request, to the same
 * address with the same token (app/start.ts gives it `fetchOrTakeEarly` as its fetch). Everything else about the
 * request (the client's limit of requests in flight, its retries, its validation) is as for any request: this only
 * sends it sooner. An answer the client does not take (it asked with another token) is dropped, unread.
 *
 * Imports only the token store (no schema, no client): the entry evaluates it before the start's chunks are in.
 */
import { tokenStore } from '../config/token-store';

/** What config.json says that the request needs, read without its schema (app/boot.ts validates it). */
interface EarlyConfig {
  apiBaseUrl?: unknown;
  token?: unknown;
}

interface EarlyRequest {
  url: string;
  authorization: string | null;
  response: Promise<Response>;
}

/** The request sent early, until the client takes it up or drops it (null: none is waiting). */
let early: Promise<EarlyRequest | null> | null = null;

/** How long an answer no request took waits before it is dropped. */
const KEPT_MS = 60_000;

/**
 * Sends the list's first page as the client will send it (`GET {apiBaseUrl}/locations`, the typed token or else
 * config.json's) once `config` is in. Sends nothing when config.json is not a readable object with an API address,
 * or the browser has no network: the client's own request then goes as it always does.
 */
export function sendEarlyRequests(config: Promise<Response>): void {
  const sending = config
    .then((response) => (response.ok ? (response.clone().json() as Promise<EarlyConfig>) : null))
    .then((read): EarlyRequest | null => {
      if (typeof read?.apiBaseUrl !== 'string' || read.apiBaseUrl === '' || !navigator.onLine) return null;
      const token = tokenStore.get() ?? (typeof read.token === 'string' && read.token !== '' ? read.token : null);
      const authorization = token ? `Bearer ${token}` : null;
      const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
      if (authorization) headers.Authorization = authorization;
      const url = `${read.apiBaseUrl.replace(/\/+$/, '')}/locations`;
      const response = fetch(url, { method: 'GET', headers });
      // A failure is the client's to report, once it takes the answer up.
      response.catch(() => undefined);
      return { url, authorization, response };
    })
    .catch(() => null);
  early = sending;
  setTimeout(() => {
    if (early === sending) dropEarlyRequest();
  }, KEPT_MS);
}

/**
 * `fetch`, or the early answer to the same request (address and Authorization): taken once. The first request to
 * the early one's address takes it or, sent with another token, drops it.
 */
export const fetchOrTakeEarly: typeof fetch = async (input, init) => {
  const waiting = early;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const sent = waiting === null ? null : await waiting;
  if (sent !== null && early === waiting && sent.url === url) {
    early = null;
    if (sent.authorization === new Headers(init?.headers).get('Authorization')) return sent.response;
    cancel(sent.response);
  }
  return fetch(input, init);
};

/** Drops the early answer if no request took it: its body is not read. */
export function dropEarlyRequest(): void {
  const waiting = early;
  early = null;
  void waiting?.then((sent) => sent && cancel(sent.response));
}

function cancel(response: Promise<Response>): void {
  response.then((each) => each.body?.cancel()).catch(() => undefined);
}
