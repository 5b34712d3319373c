/**
 * The API token the user typed. Kept in sessionStorage (gone with the tab, not shared with other sites'
 * scripts through localStorage) and sent only in the Authorization header, never in a URL.
 */
const KEY = 'location-metrics.token';

export const tokenStore = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token.trim());
  },
};
