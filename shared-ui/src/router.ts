// The one door to React Router, shared by federation as one module. Re-exporting
// only what the platform uses lets webpack drop the rest of the library (data
// routers, server rendering); see docs/frontend.md for the measurements. Tests get
// MemoryRouter from 'shared-ui/testing': as a shared module's export it would ship in
// every first visit.
export {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, Location, NavigateFunction, NavLinkProps } from 'react-router';
// Link and NavLink without React Router's framework-mode machinery (router-links.tsx).
export { Link, NavLink } from './router-links';
