import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'shared-ui/router';
import { BaseButton, buttonReset, palette, radius, space, styled, toolbar, transition, up, zIndex } from 'shared-ui/base';
import { useAuthUser } from 'shared-api/session';
import { paths } from 'shared-api/contract/basics';
import { Logo } from './Logo';
import { Footer } from './Footer';
import { MenuIcon, CloseIcon } from './icons';
import { useScrollLock } from './use-scroll-lock';

// The public chrome renders no MUI (a first visit to `/` loads none, docs/frontend.md): the
// boxes MUI's AppBar, Toolbar and IconButton render, written with shared-ui/base's tokens.

// Signed-in visitors only: the avatar menu (and the MUI it renders) stays out of a first visit.
const PublicAccountMenu = lazy(() => import('./PublicAccountMenu'));

interface NavItem {
  label: string;
  to: string;
}

/** The mobile menu button: MUI's IconButton (medium, default colour) as the button it renders. */
const MenuToggle = styled.button({
  ...buttonReset,
  flex: '0 0 auto',
  textAlign: 'center',
  fontSize: '1.5rem',
  padding: space(1),
  borderRadius: '50%',
  color: palette.action.active,
  transition: transition(['background-color'], 'shortest'),
  '&:hover': { backgroundColor: palette.action.hover, '@media (hover: none)': { backgroundColor: 'transparent' } },
  '&:focus-visible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 2 },
  [up('lg')]: { display: 'none' },
});

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

const linkStyle = {
  color: palette.text.primary,
  textDecoration: 'none',
  fontWeight: 500,
  padding: `${space(1)} ${space(1.5)}`,
  borderRadius: radius,
  '&:hover': { color: palette.primary.main },
  '&.active': { color: palette.primary.main },
  '&:focus-visible': { outline: `2px solid ${palette.primary.main}` },
} as const;
const blockStyle = { ...linkStyle, display: 'block' } as const;
const AnchorLink = styled(Link)(linkStyle);
const PageLink = styled(NavLink)(linkStyle);
const AnchorLinkBlock = styled(Link)(blockStyle);
const PageLinkBlock = styled(NavLink)(blockStyle);

/** Anchor links (/#contact) are never "active": only the page links highlight. */
function NavItemLink({ item, onClick, block = false }: { item: NavItem; onClick?: () => void; block?: boolean }) {
  if (item.to.includes('#')) {
    const A = block ? AnchorLinkBlock : AnchorLink;
    return (
      <A to={item.to} onClick={onClick}>
        {item.label}
      </A>
    );
  }
  const P = block ? PageLinkBlock : PageLink;
  return (
    <P to={item.to} end onClick={onClick}>
      {item.label}
    </P>
  );
}

// MUI's AppBar (sticky, color inherit, elevation 0) as the box it renders.
const Header = styled.header({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  boxSizing: 'border-box',
  flexShrink: 0,
  position: 'sticky',
  zIndex: zIndex.appBar,
  top: 0,
  left: 'auto',
  right: 0,
  color: 'inherit',
  backgroundColor: palette.background.paper,
  borderBottom: `1px solid ${palette.divider}`,
});
// MUI's Toolbar (regular, with gutters) as the box it renders.
const Bar = styled.nav({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  paddingLeft: space(2),
  paddingRight: space(2),
  ...toolbar,
  [up('sm')]: { ...toolbar['@media (min-width:600px)'], paddingLeft: space(3), paddingRight: space(3) },
  gap: space(2),
  maxWidth: 1280,
  width: '100%',
  marginLeft: 'auto',
  marginRight: 'auto',
});
const DesktopLinks = styled.div({
  display: 'none',
  [up('lg')]: { display: 'flex' },
  gap: space(0.5),
  marginLeft: 'auto',
  marginRight: 'auto',
});
const Actions = styled.div({ display: 'flex', alignItems: 'center', gap: space(1), marginLeft: 'auto', [up('lg')]: { marginLeft: 0 } });
const GuestButtons = styled.div({ display: 'none', [up('sm')]: { display: 'flex' }, gap: space(1) });
const AvatarSpace = styled.div({ width: 48, height: 48 });
const MobileNav = styled.div({
  [up('lg')]: { display: 'none' },
  borderTop: `1px solid ${palette.divider}`,
  paddingLeft: space(2),
  paddingRight: space(2),
  paddingBottom: space(2),
  maxHeight: 'calc(100vh - 64px)',
  overflowY: 'auto',
});
const Rule = styled.hr({ margin: `${space(1)} 0`, border: 0, borderBottom: `1px solid ${palette.divider}` });
const Row = styled.div({ display: 'flex', gap: space(1) });
const Page = styled.div({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });
const Main = styled.main({ flex: 1 });

function TopNav() {
  const user = useAuthUser();
  const [open, setOpen] = useState(false);
  useScrollLock(open);
  const items = publicNavItems(user);
  const close = () => setOpen(false);
  return (
    <Header data-app-header="">
      <Bar aria-label="Main">
        <Logo />
        <DesktopLinks>
          {items.map((i) => (
            <NavItemLink key={i.label} item={i} />
          ))}
        </DesktopLinks>
        <Actions>
          {user ? (
            <Suspense fallback={<AvatarSpace />}>
              <PublicAccountMenu />
            </Suspense>
          ) : (
            <GuestButtons>
              <BaseButton variant="outline-blue" size="SM" component={Link} to={paths.login}>
                Log In
              </BaseButton>
              <BaseButton variant="filled-blue" size="SM" component={Link} to={paths.signup}>
                Sign up
              </BaseButton>
            </GuestButtons>
          )}
          <MenuToggle
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </MenuToggle>
        </Actions>
      </Bar>
      {open && (
        <MobileNav id="mobile-nav">
          {items.map((i) => (
            <NavItemLink key={i.label} item={i} onClick={close} block />
          ))}
          {!user && (
            <>
              <Rule />
              <Row>
                <BaseButton variant="outline-blue" size="SM" component={Link} to={paths.login} onClick={close}>
                  Log In
                </BaseButton>
                <BaseButton variant="filled-blue" size="SM" component={Link} to={paths.signup} onClick={close}>
                  Sign up
                </BaseButton>
              </Row>
            </>
          )}
        </MobileNav>
      )}
    </Header>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <TopNav />
      <Main id="main">{children}</Main>
      <Footer />
    </Page>
  );
}
