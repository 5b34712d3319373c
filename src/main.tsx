/**
 * The entry. It imports nothing but the stylesheet, so the browser paints the frame that index.html (or kiosk.html)
 * carries before any of the app's modules is evaluated. Then the app's start (app/boot.ts: config.json read, the API
 * client, the query cache, the first requests, without React) is evaluated, while React and the pages
 * (app/mount.tsx, asked for by index.html with modulepreload) are still arriving. Then it mounts the app on what boot
 * started, or a clear screen saying what is wrong with the configuration.
 */
import './app/styles.css';

await afterFramePainted();
const mount = import('./app/mount');
const { booted } = await import('./app/boot');
const boot = await booted;
(await mount).mountApp(boot);

/**
 * Resolves in the task after the next frame, so the frame is on screen first. A hidden page paints no frame (and
 * fires no animation frame), so it does not wait.
 */
function afterFramePainted(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
