/**
 * The API token the user typed. Kept in sessionStorage (gone with the tab, not shared with other sites'
 * scripts through localStorage) and sent only in the Authorization header, never in a URL.
 *
 * Nothing here throws: where sessionStorage cannot be used (a browser that blocks storage throws a
 * SecurityError on `window.sessionStorage` itself; a full quota throws on `setItem`), the token lives in memory
 * for the life of the page. It never falls back to localStorage.
 */
const KEY = 'location-metrics.token';

export interface TokenStore {
  /** The typed token, or null when none is in use (the configured token, if any, applies). */
  get(): string | null;
  /** Uses `token` (trimmed) from now on; a blank one clears. */
  set(token: string): void;
  /** Forgets the typed token. */
  clear(): void;
  /** Calls `listener` after every set and clear; returns the unsubscribe (the shape useSyncExternalStore wants). */
  subscribe(listener: () => void): () => void;
}

/** `storage` is read on every use, so a storage that throws on access is caught each time. */
export function createTokenStore(storage: () => Storage = () => window.sessionStorage): TokenStore {
  // What this page set or cleared last; `undefined` until then, when sessionStorage (a reload's token) decides.
  let current: string | null | undefined;
  const listeners = new Set<() => void>();

  /** Runs `act` on the storage; false when the storage, or `act`, threw. */
  const attempt = (act: (session: Storage) => void): boolean => {
    try {
      act(storage());
      return true;
    } catch {
      return false;
    }
  };
  const change = (token: string | null) => {
    current = token;
    // When the token cannot be stored, remove any older one too, so a reload does not pick it up.
    const stored = token !== null && attempt((session) => session.setItem(KEY, token));
    if (!stored) attempt((session) => session.removeItem(KEY));
    for (const listener of listeners) listener();
  };

  return {
    get() {
      if (current !== undefined) return current;
      let stored: string | null = null;
      attempt((session) => {
        stored = session.getItem(KEY);
      });
      return stored;
    },
    set(token) {
      change(token.trim() || null);
    },
    clear() {
      change(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const tokenStore = createTokenStore();
