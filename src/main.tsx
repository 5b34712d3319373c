/**
 * The entry. It imports nothing but the start's stylesheets (the global sheet, and the skeleton's and the frame's,
 * which the frame that index.html or kiosk.html carries is painted with), a frame timer and three small pieces of the
 * start that import nothing themselves (config.json's early read, the location list's early request, the time zone
 * database's load), so nothing of the app holds up that frame. It asks for the rest of the start's chunks at once
 * (index.html preloads the first and React's renderer, and names the others) and evaluates them one at a time, each
 * in a task of its own: the app's start (app/boot.ts: config.json read, the API client, the query cache, the first
 * requests, without React), then, once the frame is painted, React's renderer, then the app. Then it mounts the app
 * on what boot started, or a clear screen saying what is wrong with the configuration.
 */
import './app/styles.css';
import './app/typography.css';
import './components/skeleton.css';
import './app/frames/frame.css';
import type { LazyPageName } from './app/lazy-pages';
import { sendEarlyRequests } from './app/early-requests';
import { earlyConfigResponse } from './config/early-config';
import { loadTimeZoneData } from './lib/intl-data';
import { afterNextPaint, nextTask, onNextPaint } from './lib/scheduling/after-paint';

/**
 * The lazily loaded pages (app/lazy-pages.ts) by their addresses below the app's base (`<meta name="page-chunks">`):
 * one for each of its names, as TypeScript checks (a type, which imports nothing of the app).
 */
const PAGE_ADDRESSES: Record<LazyPageName, RegExp> = {
  portfolio: /^portfolio\/?$/,
  kiosk: /^kiosk\/?$/,
  utilization: /^locations\/[^/]+\/utilization\/?$/,
  compare: /^compare\/?$/,
};
/** The lazily loaded page this address opens, if any. */
const page = pageAt(location.pathname.slice(import.meta.env.BASE_URL.length));

preloadStartChunks();
preloadPageChunks();
// The location list, which every page reads first, as soon as config.json is in (app/early-requests.ts).
sendEarlyRequests(earlyConfigResponse);
// The time zone database in a task of its own once the frame is painted, while the start's chunks download: the
// start reads the first location's zone as soon as they are in (lib/intl-data.ts).
onNextPaint(loadTimeZoneData);
// The start first: its requests leave as soon as its chunk is in (on a slow network the frame is painted while it
// downloads). Then the frame is painted, if it has not been, before React's renderer and the app are evaluated.
const { booted } = await import('./app/boot');
await afterNextPaint();
await import('react-dom/client');
await nextTask();
const { mountApp } = await import('./app/mount');
await mountApp(await booted, page);

/** Asks for the chunks `<meta name="start-chunks">` names, without evaluating them. */
function preloadStartChunks(): void {
  const names = document.querySelector<HTMLMetaElement>('meta[name="start-chunks"]')?.content ?? '';
  preload(names.split(' '));
}

/**
 * Asks for the chunks of the page this address opens, as `<meta name="page-chunks">` names them, without evaluating
 * them: they download with the app's, instead of after React has rendered the route. (The app has one stylesheet,
 * which index.html and kiosk.html link: vite.config.ts.)
 */
function preloadPageChunks(): void {
  if (page === null) return;
  const names = document.querySelector<HTMLMetaElement>('meta[name="page-chunks"]')?.content ?? '';
  const files = names
    .split(' ')
    .find((entry) => entry.startsWith(`${page}=`))
    ?.slice(page.length + 1)
    .split(',');
  preload(files ?? []);
}

/** Asks for chunks without evaluating them: their links put in the page at once. */
function preload(hrefs: readonly string[]): void {
  const links = hrefs.filter(Boolean).map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's own preloads ask, so that the browser uses what these fetched.
    link.crossOrigin = '';
    link.href = href;
    return link;
  });
  document.head.append(...links);
}

function pageAt(path: string): LazyPageName | null {
  const names = Object.keys(PAGE_ADDRESSES) as LazyPageName[];
  return names.find((name) => PAGE_ADDRESSES[name].test(path)) ?? null;
}
