/**
 * `config.json` asked for as the first thing the app's code does (index.html has already asked for it with a
 * preload, which this request takes up). This module imports nothing and app/boot.ts imports it first: the app cannot
 * ask the API anything before the configuration says where the API is.
 *
 * Beside index.html, whatever the route: a deep link such as /locations/12/occupancy must not look for
 * /locations/12/config.json.
 */
export const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

/** The first read of config.json (a kiosk reads it again later, itself). */
export const earlyConfigResponse: Promise<Response> = fetch(CONFIG_URL, { cache: 'no-store' });
// Read (and any failure reported) by app/boot.ts through loadRuntimeConfig; this only keeps an early network
// failure from being reported as unhandled before boot.ts gets to it.
earlyConfigResponse.catch(() => undefined);
