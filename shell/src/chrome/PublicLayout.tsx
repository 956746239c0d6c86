import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'shared-ui/router';
import { alpha, Box, ButtonBase } from 'shared-ui/mui-core';
import { useAuthUser } from 'shared-api/session';
import { paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { Logo } from './Logo';
import { Footer } from './Footer';
import { MenuIcon, CloseIcon } from './icons';
import { useScrollLock } from './use-scroll-lock';

// Signed-in visitors only: the avatar menu (and the design system's display tier it
// uses) stays out of a first visit (docs/frontend.md).
const PublicAccountMenu = lazy(() => import('./PublicAccountMenu'));

interface NavItem {
  label: string;
  to: string;
}

/**
 * The mobile menu button: MUI's IconButton (medium, default colour) as the ButtonBase it
 * renders, so the first visit does not carry the IconButton tier (docs/frontend.md).
 */
function MenuToggle(props: {
  onClick: () => void;
  'aria-label': string;
  'aria-expanded': boolean;
  'aria-controls': string;
  children: ReactNode;
}) {
  return (
    <ButtonBase
      centerRipple
      className="MuiIconButton-root MuiIconButton-sizeMedium"
      {...props}
      sx={(theme) => ({
        display: { xs: 'inline-flex', lg: 'none' },
        flex: '0 0 auto',
        textAlign: 'center',
        fontSize: theme.typography.pxToRem(24),
        p: 1,
        borderRadius: '50%',
        color: theme.palette.action.active,
        transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
        '&:hover': {
          backgroundColor: alpha(theme.palette.action.active, theme.palette.action.hoverOpacity),
          '@media (hover: none)': { backgroundColor: 'transparent' },
        },
      })}
    />
  );
}

/** Spec 2: Home, About, Properties, List Property, Contact; Subscribe for an unsubscribed investor. */
export function publicNavItems(user: { role: string; isSubscribed: boolean } | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: paths.home },
    { label: 'About', to: paths.about },
    { label: 'Properties', to: paths.properties },
    { label: 'List Property', to: paths.listProperty },
    { label: 'Contact', to: paths.homeContact },
  ];
  if (user?.role === 'INVESTOR' && !user.isSubscribed) items.push({ label: 'Subscribe', to: paths.homeSubscribe });
  return items;
}

const linkSx = {
  color: 'text.primary',
  textDecoration: 'none',
  fontWeight: 500,
  px: 1.5,
  py: 1,
  borderRadius: 1,
  '&:hover': { color: 'primary.main' },
  '&.active': { color: 'primary.main' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
} as const;

/** Anchor links (/#contact) are never "active": only the page links highlight. */
function NavItemLink({ item, onClick, block = false }: { item: NavItem; onClick?: () => void; block?: boolean }) {
  const sx = block ? { ...linkSx, display: 'block' } : linkSx;
  if (item.to.includes('#'))
    return (
      <Box component={Link} to={item.to} onClick={onClick} sx={sx}>
        {item.label}
      </Box>
    );
  return (
    <Box component={NavLink} to={item.to} end onClick={onClick} sx={sx}>
      {item.label}
    </Box>
  );
}

function TopNav() {
  const user = useAuthUser();
  const [open, setOpen] = useState(false);
  useScrollLock(open);
  const items = publicNavItems(user);
  const close = () => setOpen(false);
  return (
    // MUI's AppBar (sticky, color inherit, elevation 0) as the box it renders: AppBar itself is not on the first visit.
    <Box
      component="header"
      data-app-header=""
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        boxSizing: 'border-box',
        flexShrink: 0,
        position: 'sticky',
        zIndex: 'appBar',
        top: 0,
        left: 'auto',
        right: 0,
        color: 'inherit',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* MUI's Toolbar (regular, with gutters) as the box it renders: Toolbar itself is not on the first visit. */}
      <Box
        component="nav"
        aria-label="Main"
        className="MuiToolbar-root MuiToolbar-gutters MuiToolbar-regular"
        sx={(theme) => ({
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          px: { xs: 2, sm: 3 },
          ...theme.mixins.toolbar,
          gap: 2,
          maxWidth: 1280,
          width: '100%',
          mx: 'auto',
        })}
      >
        <Logo />
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, mx: 'auto' }}>
          {items.map((i) => (
            <NavItemLink key={i.label} item={i} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 'auto', lg: 0 } }}>
          {user ? (
            <Suspense fallback={<Box sx={{ width: 48, height: 48 }} />}>
              <PublicAccountMenu />
            </Suspense>
          ) : (
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
              <Button variant="outline-blue" size="SM" component={Link} to={paths.login}>
                Log In
              </Button>
              <Button variant="filled-blue" size="SM" component={Link} to={paths.signup}>
                Sign up
              </Button>
            </Box>
          )}
          <MenuToggle
            onClick={() => setOpen((o) => !o)}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </MenuToggle>
        </Box>
      </Box>
      {open && (
        <Box
          id="mobile-nav"
          sx={{
            display: { lg: 'none' },
            borderTop: 1,
            borderColor: 'divider',
            px: 2,
            pb: 2,
            maxHeight: 'calc(100vh - 64px)',
            overflowY: 'auto',
          }}
        >
          {items.map((i) => (
            <NavItemLink key={i.label} item={i} onClick={close} block />
          ))}
          {!user && (
            <>
              <Box component="hr" sx={{ my: 1, mx: 0, border: 0, borderBottom: 1, borderColor: 'divider' }} />
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button variant="outline-blue" size="SM" component={Link} to={paths.login} onClick={close}>
                  Log In
                </Button>
                <Button variant="filled-blue" size="SM" component={Link} to={paths.signup} onClick={close}>
                  Sign up
                </Button>
              </Box>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopNav />
      <Box component="main" id="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
