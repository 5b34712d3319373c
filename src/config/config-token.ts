/**
 * The token of `config.json` as last read. Read once at start; a kiosk refused with 401 reads `config.json` again
 * every minute (features/kiosk/use-config-token-retry.ts), and a new token there is used from the next request on, without a reload.
 *
 * Where it is kept: in this module's memory; and, once the service worker keeps the app for offline use, in the
 * worker's copy of config.json in Cache Storage (offline/sw.ts), so that a screen started with no network starts with
 * it. The copy is renewed at every read of config.json with the network, and its token is dropped as soon as the API
 * refuses it (`dropConfigTokenWhenRefused`, carried out by the worker): a token the API refuses stays in Cache Storage
 * only until that refusal (and comes back with the copy while config.json still names it, to be dropped at its next
 * refusal).
 */
import type { QueryClient } from '@tanstack/react-query';

import { isRefusal } from '../api/errors';
import { SW_MESSAGES } from '../offline/sw-routes';

let latest: string | null = null;

export const configToken = {
  get(): string | null {
    return latest;
  },
  set(token: string | null): void {
    latest = token;
  },
};

/**
 * From now on, whenever a query is refused (a 401 to a request sent with the token in use), drops
 * `configuredTokenInUse()` (config.json's token when it is the one in use, else null: a typed token is in no cache)
 * from the service worker's copy of config.json. Returns the unsubscribe.
 */
export function dropConfigTokenWhenRefused(
  queryClient: QueryClient,
  configuredTokenInUse: () => string | null,
): () => void {
  const seen = new WeakSet<object>();
  return queryClient.getQueryCache().subscribe(({ query }) => {
    const { error } = query.state;
    if (!isRefusal(error) || seen.has(error)) return;
    seen.add(error);
    const token = configuredTokenInUse();
    if (token !== null) void tellWorker(token);
  });
}

/** Asks the active service worker, if any, to drop `token` from its copy of config.json. Never rejects. */
async function tellWorker(token: string): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    registration?.active?.postMessage({ type: SW_MESSAGES.dropConfigToken, token });
  } catch {
    // No worker: no copy.
  }
}
