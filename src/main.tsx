/**
 * The entry. It imports nothing but the stylesheet and a frame timer, so the browser paints the frame that
 * index.html (or kiosk.html) carries before any of the app's modules is evaluated or even asked for. Then the app's
 * start (app/boot.ts: config.json read, the API client, the query cache, the first requests, without React) is
 * evaluated, while React and the pages (app/mount.tsx) are still arriving. Then it mounts the app on what boot
 * started, or a clear screen saying what is wrong with the configuration.
 */
import './app/styles.css';
import { afterNextPaint } from './lib/after-paint';

await afterNextPaint();
// Three imports at once, so that the three chunks download together; each is evaluated as it arrives, in a task of
// its own (the renderer, the start, then the app), none of them holding the main thread for the three.
void import('react-dom/client');
const mount = import('./app/mount');
const { booted } = await import('./app/boot');
const boot = await booted;
(await mount).mountApp(boot);
