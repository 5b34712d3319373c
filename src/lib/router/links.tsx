/**
 * Links within the app: an `<a>` with the address's href (so it opens in a new tab, is copied, and is read as a link),
 * whose plain click navigates in the page; a click with a modifier key, another button or a target is the browser's.
 * `<Navigate>` goes somewhere as soon as it is rendered.
 */
import { forwardRef, useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';

import type { To } from './history';
import { useHref, useLocation, useNavigate } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} ref={ref} href={href} onClick={follow} />;
});

/** A link that says it is the current page (`aria-current="page"`) when its path is the location's, unless told. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink(props, ref) {
  const { pathname } = useLocation();
  const target = typeof props.to === 'string' ? props.to.split(/[?#]/)[0] : props.to.pathname;
  const current = target !== undefined && target.toLowerCase() === pathname.toLowerCase();
  return <Link aria-current={current ? 'page' : undefined} {...props} ref={ref} />;
});

/** Goes to `to` once rendered (in place with `replace`). */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  const key = JSON.stringify(to);
  useEffect(() => navigate(JSON.parse(key) as To, { replace }), [navigate, key, replace]);
  return null;
}
