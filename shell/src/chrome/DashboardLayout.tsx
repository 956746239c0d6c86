import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'shared-ui/router';
import { Box, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Typography } from 'shared-ui/mui';
import { MuiThemeProvider } from 'shared-ui/core';
import { useAuthUser } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import type { User } from 'shared-api/contract';
import { StatusBadge } from 'shared-ui/display';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';
import { NotificationBell } from './notifications/NotificationBell';
import { CloseIcon, MenuIcon } from './icons';
import { Icon } from './sidebar-icons';
import { useLogout } from '../session/use-logout';
import { useScrollLock } from './use-scroll-lock';
import { sidebarFor } from '../routes/access';
import { isSidebarEntryActive } from '../routes/route-table';

const SIDEBAR_WIDTH = 248;

/** Spec 2: the role with underscores as spaces, upper case. */
export function roleLabel(role: string): string {
  return role.replace(/_/g, ' ').toUpperCase();
}

function Sidebar({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  return (
    <Box component="nav" aria-label="Dashboard" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 3, py: 2.5 }}>
        <Logo light />
      </Box>
      <List sx={{ px: 1.5, flex: 1 }}>
        {sidebarFor(user.role, user.adminRole ?? null).map((e) => {
          const active = isSidebarEntryActive(e.path, pathname);
          return (
            // A list holds list items only (axe "list"): each link sits in its <li>.
            <Box component="li" key={e.path} sx={{ listStyle: 'none' }}>
              <ListItemButton
                component={Link}
                to={e.path}
                onClick={onNavigate}
                selected={active}
                aria-current={active ? 'page' : undefined}
                sx={{
                  borderRadius: 1.5,
                  mb: 0.5,
                  color: 'rgba(255,255,255,0.82)',
                  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'rgba(255,255,255,0.14)', color: '#fff' },
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
                }}
              >
                <ListItemIcon sx={{ color: 'inherit', minWidth: 38 }}>
                  <Icon name={e.icon} />
                </ListItemIcon>
                <ListItemText primary={e.label} />
              </ListItemButton>
            </Box>
          );
        })}
      </List>
      <List component="div" sx={{ px: 1.5, pb: 2 }}>
        <ListItemButton
          onClick={logout}
          sx={{ borderRadius: 1.5, color: 'rgba(255,255,255,0.82)', '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' } }}
        >
          <ListItemIcon sx={{ color: 'inherit', minWidth: 38 }}>
            <Icon name="logout" />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </List>
    </Box>
  );
}

function Header({ user, menuOpen, onToggleMenu }: { user: User; menuOpen: boolean; onToggleMenu: () => void }) {
  const logout = useLogout();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Box
      component="header"
      data-app-header=""
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: { xs: 2, md: 4 },
        py: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <IconButton
        sx={{ display: { lg: 'none' } }}
        onClick={onToggleMenu}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="dashboard-sidebar"
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </IconButton>
      <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <NotificationBell userId={user._id} />
        <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {roleLabel(user.role)}
          </Typography>
        </Box>
        <AccountMenu
          name={name}
          avatarUrl={user.avatar?.url}
          size="MD"
          header={user.role !== 'ADMIN' ? <StatusBadge status={user.status} label={user.status.toLowerCase()} /> : undefined}
          items={[
            { label: 'Properties', to: paths.properties },
            { label: 'Profile', to: paths.profile },
            { label: 'Logout', onClick: logout },
          ]}
        />
      </Box>
    </Box>
  );
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  const user = useAuthUser();
  const [open, setOpen] = useState(false);
  useScrollLock(open);
  // Guards inside redirect a visitor; without a user there is no chrome to draw.
  if (!user) return <>{children}</>;
  // The shell's App has no MUI theme (the public chrome renders none): the dashboard chrome
  // brings it, loaded with this chunk.
  return (
    <MuiThemeProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <Box
          id="dashboard-sidebar"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            bgcolor: '#0b1b3f',
            color: '#fff',
            zIndex: 20,
            // Desktop: the dark column runs the page's full height; its content stays in view.
            position: { xs: 'fixed', lg: 'relative' },
            top: 0,
            bottom: 0,
            left: 0,
            height: { xs: '100vh', lg: 'auto' },
            overflowY: { xs: 'auto', lg: 'visible' },
            transform: { xs: open ? 'none' : `translateX(-${SIDEBAR_WIDTH}px)`, lg: 'none' },
            visibility: { xs: open ? 'visible' : 'hidden', lg: 'visible' },
            transition: 'transform 200ms ease',
          }}
        >
          <Box sx={{ position: { lg: 'sticky' }, top: 0, height: { xs: '100%', lg: '100vh' }, overflowY: { lg: 'auto' } }}>
            <Sidebar user={user} onNavigate={() => setOpen(false)} />
          </Box>
        </Box>
        {open && (
          <Box
            onClick={() => setOpen(false)}
            sx={{ display: { lg: 'none' }, position: 'fixed', inset: 0, bgcolor: 'rgba(0,0,0,0.4)', zIndex: 15 }}
            aria-hidden="true"
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Header user={user} menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} />
          <Box component="main" id="main" sx={{ flex: 1, p: { xs: 2, md: 4 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
            {children}
          </Box>
        </Box>
      </Box>
    </MuiThemeProvider>
  );
}
