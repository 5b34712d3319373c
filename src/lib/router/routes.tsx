/**
 * Routes, as React Router matches them: `<Routes>` holds `<Route>`s (nested for layouts, whose element draws its
 * matched child where it puts `<Outlet/>`), and renders the best match of the location's pathname. Paths are relative
 * to their parent; a segment is a word (matched in either case), a `:param` (one segment, percent-decoded), or `*`
 * (the rest); a trailing slash is ignored. The best match is the one of highest rank (a word 10, a param 3, an index
 * route 2, `*` −2), the first on a tie.
 */
import { Children, createContext, isValidElement, useContext, useMemo, type ReactElement, type ReactNode } from 'react';

import { useLocation } from './router';

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of the table: declared in JSX, read by `<Routes>`; it renders nothing by itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface RouteNode {
  path: string;
  index: boolean;
  element: ReactNode;
  children: RouteNode[];
}

function routesOf(children: ReactNode): RouteNode[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) return [];
    const { path = '', index = false, element = null, children: nested } = child.props;
    return [{ path, index, element, children: routesOf(nested) }];
  });
}

type Params = Record<string, string>;

interface Match {
  /** The routes from the outermost to the one matched. */
  routes: RouteNode[];
  params: Params;
  rank: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches `segments` against each route's path and its children's, deepest first; every match found. */
function matchesOf(routes: RouteNode[], segments: string[], outer: Match): Match[] {
  const found: Match[] = [];
  for (const route of routes) {
    let rest = segments;
    const params: Params = { ...outer.params };
    let rank = outer.rank;
    let matched = true;
    for (const part of segmentsOf(route.path)) {
      if (part === '*') {
        params['*'] = rest.map(decode).join('/');
        rest = [];
        rank -= 2;
        break;
      }
      const [segment, ...after] = rest;
      if (segment === undefined) {
        matched = false;
        break;
      }
      if (part.startsWith(':')) {
        params[part.slice(1)] = decode(segment);
        rank += 3;
      } else if (part.toLowerCase() === decode(segment).toLowerCase()) {
        rank += 10;
      } else {
        matched = false;
        break;
      }
      rest = after;
    }
    if (!matched) continue;
    const match: Match = { routes: [...outer.routes, route], params, rank: rank + (route.index ? 2 : 0) };
    if (route.children.length > 0) found.push(...matchesOf(route.children, rest, match));
    else if (rest.length === 0 && (route.index || route.path !== '' || outer.routes.length === 0)) found.push(match);
  }
  return found;
}

/** The best route for `pathname`, or null. */
export function matchRoutes(routes: RouteNode[], pathname: string): Match | null {
  const found = matchesOf(routes, segmentsOf(pathname), { routes: [], params: {}, rank: 0 });
  return found.reduce<Match | null>((best, match) => (best === null || match.rank > best.rank ? match : best), null);
}

const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Params>({});

/** Renders the route that best matches the location, inside its layouts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = useMemo(() => routesOf(children), [children]);
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  const rendered = match.routes.reduceRight<ReactNode>(
    (inner, route) => <OutletContext.Provider value={inner}>{route.element ?? <Outlet />}</OutletContext.Provider>,
    null,
  );
  return <ParamsContext.Provider value={match.params}>{rendered}</ParamsContext.Provider>;
}

/** Where a layout route draws its matched child. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** The matched route's parameters (`:locationId` → its decoded segment). */
export function useParams(): Readonly<Params> {
  return useContext(ParamsContext);
}
