/**
 * The token of `config.json` as last read. Read once at start; a kiosk refused with 401 reads `config.json` again
 * every minute (features/kiosk/use-config-token-retry.ts), and a new token there is used from the next request on, without a reload.
 * Kept in memory only.
 */
let latest: string | null = null;

export const configToken = {
  get(): string | null {
    return latest;
  },
  set(token: string | null): void {
    latest = token;
  },
};
