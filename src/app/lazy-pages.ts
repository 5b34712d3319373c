/**
 * The pages whose code loads when their route is first opened (app/app.tsx). Their names (`LazyPageName`) are
 * the keys of main.tsx's addresses and scripts/vite/start-chunks.ts's modules too, so TypeScript holds the three
 * lists together.
 *
 * Each renders at once once its module is in: `preload()` asks for it, and app/mount.tsx awaits it for the page the
 * app opens on before its first render. React.lazy suspends on its first render even when the module is already in
 * (a promise tells only later), its Suspense shows the fallback, and React then holds what replaces a fallback for up
 * to 300 ms (React's own throttle): loaded before the first render, the page is on screen as soon as what it needs is.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  /** Loads the page's module (once); the page renders without suspending once it is in. */
  preload(): Promise<unknown>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: { default: ComponentType } | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (Page) => (loaded = { default: Page }),
      (error: unknown) => {
        // A failed download is asked for again next time.
        loading = null;
        throw error;
      },
    ));
  // A module already in is given through a thenable that answers at once, which React.lazy reads without suspending.
  const Page = lazy(() => (loaded ? (syncThenable(loaded) as Promise<{ default: ComponentType }>) : preload()));
  return { Page, preload };
}

function syncThenable<T>(value: T): PromiseLike<T> {
  return {
    then: (onFulfilled) => syncThenable(onFulfilled ? onFulfilled(value) : value) as never,
  };
}

export const LAZY_PAGES = {
  /** The utilization page and what only it draws are a chunk of their own: a metric page does not load them. */
  utilization: lazyPage(() => import('../features/utilization/utilization-page').then((m) => m.UtilizationPage)),
  /** The portfolio, likewise: its table, planner and virtualizer are its own. */
  portfolio: lazyPage(() => import('../features/portfolio/portfolio-page').then((m) => m.PortfolioPage)),
  /** The kiosk, likewise: a wall screen's code is not a desk user's download. */
  kiosk: lazyPage(() => import('../features/kiosk/kiosk-page').then((m) => m.KioskPage)),
  /** Locations side by side: loaded only when /compare is opened. */
  compare: lazyPage(() => import('../features/compare/compare-page').then((m) => m.ComparePage)),
} satisfies Record<string, LazyPage>;

export type LazyPageName = keyof typeof LAZY_PAGES;
