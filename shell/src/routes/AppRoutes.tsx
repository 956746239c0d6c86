import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'shared-ui/router';
import { useAuthUser } from 'shared-api/session';
import { paths } from 'shared-api/contract/basics';
import { RemotePage } from '../federation/remote-page';
import { PublicLayout } from '../chrome/PublicLayout';
import { NotFound } from '../chrome/NotFound';
import { loginRedirect, routeTable, signedInLanding, targetFor, type Chrome, type RouteDef } from './route-table';

/**
 * Spec 4: no user → /login (remembering the page, issue 16); a role not permitted → /dashboard;
 * an admin page the admin's role may not use says so (NotForRole).
 * A signed-in person opening /login or /signup goes to the page its ?next= names, or the dashboard.
 */
export function Guarded({ route }: { route: RouteDef }) {
  const user = useAuthUser();
  const location = useLocation();
  // Whether the person was signed in when they arrived at this location. Signing in ON /login
  // must not bounce to the dashboard: the login form sends them where they were heading.
  const [entry, setEntry] = useState({ key: location.key, signedIn: user !== null });
  if (entry.key !== location.key) setEntry({ key: location.key, signedIn: user !== null });
  const signedInAtEntry = entry.key === location.key ? entry.signedIn : user !== null;
  if (route.guestOnly && user && signedInAtEntry) return <Navigate to={signedInLanding(location.search)} replace />;
  if (route.roles) {
    if (!user) return <Navigate to={loginRedirect(location.pathname + location.search + location.hash)} replace />;
    if (!route.roles.includes(user.role)) return <Navigate to={paths.dashboard} replace />;
  }
  const target = targetFor(route, user?.role ?? null);
  if (!target) return <Navigate to={paths.dashboard} replace />;
  if (user && target.permission)
    return (
      <Suspense fallback={null}>
        <AdminGate target={target} user={user} />
      </Suspense>
    );
  return <RemotePage target={target} />;
}

/** Scrolls to the URL's #anchor once the page that holds it has rendered. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // A page that just loaded is where the browser put it: a server-rendered page the visitor
    // has already scrolled stays where it is when the app takes over.
    const initial = first.current;
    first.current = false;
    if (!hash) {
      if (!initial) window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 50) {
        window.clearInterval(timer);
        el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}

// The public chrome ships with the shell; the dashboard and onboarding chrome (and the
// MUI tier their sidebar and menus use) load with the first page that needs them.
// Admin pages check the admin's role against the access matrix, which main.js does not carry.
const AdminGate = lazy(() => import('./AdminGate').then((m) => ({ default: m.AdminGate })));
const DashboardLayout = lazy(() => import('../chrome/DashboardLayout').then((m) => ({ default: m.DashboardLayout })));
const BareLayout = lazy(() => import('../chrome/BareLayout').then((m) => ({ default: m.BareLayout })));

const layouts: Record<Chrome, () => React.JSX.Element> = {
  public: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
  dashboard: () => (
    <Suspense fallback={null}>
      <DashboardLayout>
        <Outlet />
      </DashboardLayout>
    </Suspense>
  ),
  bare: () => (
    <Suspense fallback={null}>
      <BareLayout>
        <Outlet />
      </BareLayout>
    </Suspense>
  ),
};

export function AppRoutes() {
  const chromes: Chrome[] = ['public', 'dashboard', 'bare'];
  return (
    <>
      <ScrollManager />
      <Routes>
        {chromes.map((chrome) => {
          const Layout = layouts[chrome];
          return (
            <Route key={chrome} element={<Layout />}>
              {routeTable
                .filter((r) => r.chrome === chrome)
                .map((r) => (
                  <Route key={r.path} path={r.path} element={<Guarded route={r} />} />
                ))}
              {chrome === 'public' && <Route path="*" element={<NotFound />} />}
            </Route>
          );
        })}
      </Routes>
    </>
  );
}
