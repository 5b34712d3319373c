/**
 * The entry. Its static imports are only what starts the app (app/boot.ts: config.json read, the API client, the
 * query cache, the first requests), without React: they are evaluated, and the first requests leave, while React and
 * the pages (app/mount.tsx, asked for in parallel by index.html) are still arriving. Then it mounts the app on what
 * boot started, or a clear screen saying what is wrong with the configuration.
 */
import { booted } from './app/boot';
import './app/styles.css';

const mount = import('./app/mount');
const boot = await booted;
(await mount).mountApp(boot);
