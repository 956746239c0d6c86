/* eslint-disable no-restricted-imports -- part of the router barrel (router.ts) */
// Link and NavLink for the platform's declarative BrowserRouter, built on React Router's
// own hooks (useHref, useLinkClickHandler, useResolvedPath): the same href, click
// handling (modifier keys, target, replace, state, preventScrollReset), `active`
// class and aria-current as React Router's components, without their framework-mode
// machinery (route prefetching, view transitions, data-router pending states) that a
// BrowserRouter never uses but React Router's Link always ships (about 2 KB gzip on every
// first visit; docs/frontend.md). Absolute URLs render a plain link.
import { forwardRef, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type LinkProps, type NavLinkProps } from 'react-router';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    onClick,
    relative,
    reloadDocument,
    replace,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    discover = 'render',
    prefetch: _prefetch,
    ...rest
  },
  ref,
) {
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(to, { relative });
  const internalOnClick = useLinkClickHandler(to, { replace, state, target, preventScrollReset, relative, viewTransition });
  const spa = !(external || reloadDocument);
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) internalOnClick(event);
  }
  return (
    <a
      {...rest}
      href={external ? (to as string) : href}
      onClick={spa ? handleClick : onClick}
      ref={ref}
      target={target}
      data-discover={!external && discover === 'render' ? 'true' : undefined}
    />
  );
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    children,
    ...rest
  },
  ref,
) {
  const path = useResolvedPath(to, { relative: rest.relative });
  const location = useLocation();
  let toPathname = path.pathname;
  let locationPathname = location.pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <Link {...rest} aria-current={isActive ? ariaCurrentProp : undefined} className={className} ref={ref} style={style} to={to}>
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
});
