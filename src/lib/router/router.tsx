/**
 * The app's router: the few parts of a router the app uses, and nothing else, so that the start downloads and
 * evaluates a few hundred lines rather than a routing framework. A router holds a history (history.ts) and gives its
 * location to the hooks below; routes are matched by routes.tsx, links drawn by links.tsx. Semantics follow React
 * Router's, which the app used before: a navigation updates the address at once and renders the new location in a
 * transition (the page on screen stays until the next one can render); search parameters are read from and written to
 * the address; `useNavigationType` says how the location came.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

import {
  createBrowserHistory,
  createMemoryHistory,
  type NavigateOptions,
  type NavigationType,
  type RouterHistory,
  type RouterLocation,
  type To,
} from './history';

interface RouterState {
  history: RouterHistory;
  location: RouterLocation;
  action: NavigationType;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside a router');
  return router;
}

function Router({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const [state, setState] = useState({ location: history.location, action: history.action });
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  const value = useMemo(() => ({ history, ...state }), [history, state]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The browser's address, below `basename` (the app may be served below the site's root). */
export function BrowserRouter({ basename, children }: { basename?: string; children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory(basename));
  return <Router history={history}>{children}</Router>;
}

/** A history in memory (tests): `initialEntries`, at `initialIndex` (the last by default), below `basename`. */
export function MemoryRouter(props: {
  initialEntries?: string[];
  initialIndex?: number;
  basename?: string;
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(props.initialEntries, props.initialIndex, props.basename));
  return <Router history={history}>{props.children}</Router>;
}

export function useLocation(): RouterLocation {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/** Goes to `to` (a new history entry, or in place with `replace`), or `delta` entries back or forward. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to, options.state);
      else history.push(to, options?.state);
    },
    [history],
  ) as NavigateFunction;
}

/** The href of `to`, with the base path. */
export function useHref(to: To): string {
  return useRouter().history.href(to);
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The address's search parameters, and a setter that writes new ones (a new history entry unless `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { history, location } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(history.location.search)) : next;
      const search = new URLSearchParams(value).toString();
      const to = { search: search ? `?${search}` : '' };
      if (options?.replace) history.replace(to, options.state);
      else history.push(to, options?.state);
    },
    [history],
  );
  return [params, set];
}
