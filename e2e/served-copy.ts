/**
 * A copy of the built app served by a test of its own (e2e/app-update*.spec.ts, e2e/offline.spec.ts): dist/ copied to
 * a folder the test changes as a deploy would, served by `vite preview` with the simulator mounted, as `npm start`
 * serves dist/. The server records every path it is asked for, and can hold requests until the test releases them.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { preview, type PreviewServer } from 'vite';

import { FIXED_NOW } from './servers';

/** Requests the server holds: each waits until `release` is called. */
export interface Hold {
  /** Resolves once the first request held has arrived. */
  reached: Promise<void>;
  release(): void;
}

export interface ServedCopy {
  url: string;
  folder: string;
  /** Every path the server was asked for. */
  requested: string[];
  /** Holds, from now on, every request whose path `matches`, until released (released too when the server closes). */
  hold(matches: (path: string) => boolean): Hold;
  close(): Promise<void>;
}

/** dist/ copied to a folder of its own, served on `port` by `vite preview` with the simulator (and `simulatorArgs`). */
export async function serveCopy(port: number, simulatorArgs = ''): Promise<ServedCopy> {
  const folder = join(mkdtempSync(join(tmpdir(), 'app-copy-')), 'dist');
  cpSync('dist', folder, { recursive: true });
  const requested: string[] = [];
  const holds: { matches: (path: string) => boolean; arrived: () => void; released: Promise<void> }[] = [];
  const releases: (() => void)[] = [];
  process.env.SIMULATOR_ARGS = `--now ${FIXED_NOW} ${simulatorArgs}`;
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  const server: PreviewServer = await preview({
    logLevel: 'silent',
    build: { outDir: folder },
    preview: { host: '127.0.0.1', port, strictPort: true },
    plugins: [
      {
        name: 'record-and-hold-requests',
        // Before the simulator's middleware, so that API requests are recorded and held too.
        enforce: 'pre',
        configurePreviewServer(server) {
          server.middlewares.use((req, _res, next) => {
            const path = (req.url ?? '').split('?')[0]!;
            requested.push(path);
            const held = holds.filter((hold) => hold.matches(path));
            held.forEach((hold) => hold.arrived());
            void Promise.all(held.map((hold) => hold.released)).then(() => next());
          });
        },
      },
    ],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    folder,
    requested,
    hold(matches) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ matches, arrived, released });
      releases.push(release);
      return { reached, release };
    },
    close: async () => {
      releases.forEach((release) => release());
      await server.close();
      rmSync(join(folder, '..'), { recursive: true, force: true });
    },
  };
}
