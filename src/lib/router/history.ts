/**
 * The app's history, without React: the browser's (the History API, below a base path) or one in memory (tests). A
 * location is a pathname below the base, a search (`?…` or empty), a hash, the state pushed with it and a key.
 * Listeners hear every change, with how it came: a push, a replace, or the browser's Back and Forward (pop).
 */

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** Where to go: an absolute path (`/portfolio?range=7d`), or parts of one (a missing pathname keeps the current). */
export type To = string | Partial<Pick<RouterLocation, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterHistory {
  readonly location: RouterLocation;
  readonly action: NavigationType;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** The href of `to`, the base path included. */
  href(to: To): string;
  listen(listener: (update: { action: NavigationType; location: RouterLocation }) => void): () => void;
}

let keys = 0;
const nextKey = () => (++keys).toString(36);

/** The location `to` names from `current`: an object's missing parts keep the current pathname, nothing else. */
export function resolveTo(to: To, current: Pick<RouterLocation, 'pathname'>): Omit<RouterLocation, 'state' | 'key'> {
  if (typeof to === 'string') {
    const url = new URL(to, `http://router${current.pathname}`);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }
  return {
    pathname: to.pathname ?? current.pathname,
    search: normalised(to.search, '?'),
    hash: normalised(to.hash, '#'),
  };
}

function normalised(part: string | undefined, mark: string): string {
  if (!part || part === mark) return '';
  return part.startsWith(mark) ? part : mark + part;
}

/** The base path without its trailing slash ('' for the site's root). */
function trimBase(basename: string): string {
  return basename.replace(/\/+$/, '');
}

/** `pathname` below `base` ('' for the root): what the routes match. */
function below(base: string, pathname: string): string {
  const inside = base && pathname.toLowerCase().startsWith(base.toLowerCase()) ? pathname.slice(base.length) : pathname;
  return inside || '/';
}

/** The browser's history, below `basename`. */
export function createBrowserHistory(basename = '/'): RouterHistory {
  const base = trimBase(basename);
  const read = (): RouterLocation => {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname: below(base, pathname), search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  let location = read();
  let action: NavigationType = 'POP';
  const listeners = new Set<(update: { action: NavigationType; location: RouterLocation }) => void>();
  const notify = () => listeners.forEach((listener) => listener({ action, location }));
  const href = (to: To) => {
    const { pathname, search, hash } = resolveTo(to, location);
    return `${base}${pathname}${search}${hash}`;
  };
  const write = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const key = nextKey();
    const url = href(to);
    if (kind === 'PUSH') window.history.pushState({ usr: state, key }, '', url);
    else window.history.replaceState({ usr: state, key }, '', url);
    location = read();
    action = kind;
    notify();
  };
  window.addEventListener('popstate', () => {
    location = read();
    action = 'POP';
    notify();
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state = null) => write('PUSH', to, state),
    replace: (to, state = null) => write('REPLACE', to, state),
    go: (delta) => window.history.go(delta),
    href,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A history in memory, for tests: `entries` (whole paths, the base included), at `index` (the last by default). */
export function createMemoryHistory(
  entries: readonly string[] = ['/'],
  index = entries.length - 1,
  basename = '/',
): RouterHistory {
  const base = trimBase(basename);
  const root = { pathname: '/' };
  let stack: RouterLocation[] = entries.map((entry) => {
    const { pathname, ...rest } = resolveTo(entry, root);
    return { pathname: below(base, pathname), ...rest, state: null, key: nextKey() };
  });
  let at = Math.min(Math.max(index, 0), stack.length - 1);
  let action: NavigationType = 'POP';
  const listeners = new Set<(update: { action: NavigationType; location: RouterLocation }) => void>();
  const notify = () => listeners.forEach((listener) => listener({ action, location: stack[at]! }));
  const make = (to: To, state: unknown): RouterLocation => ({ ...resolveTo(to, stack[at]!), state, key: nextKey() });
  return {
    get location() {
      return stack[at]!;
    },
    get action() {
      return action;
    },
    push(to, state = null) {
      stack = [...stack.slice(0, at + 1), make(to, state)];
      at = stack.length - 1;
      action = 'PUSH';
      notify();
    },
    replace(to, state = null) {
      stack = stack.map((entry, i) => (i === at ? make(to, state) : entry));
      action = 'REPLACE';
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(at + delta, 0), stack.length - 1);
      if (next === at) return;
      at = next;
      action = 'POP';
      notify();
    },
    href(to) {
      const { pathname, search, hash } = resolveTo(to, stack[at]!);
      return `${base}${pathname}${search}${hash}`;
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
