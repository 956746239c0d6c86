// Every route of the platform as data (spec 2). Routes, guards and the sidebar are
// all derived from this table; the remotes it names are loaded at run time.
import type { ComponentType } from 'react';
import { matchPath } from 'shared-ui/router';
import { paths, type AdminPermission } from 'shared-api/contract/basics';
import type { Role } from 'shared-api/contract';
import type { RemoteModules } from './remote-modules';

/**
 * The remotes of the platform manifest (platform.json), as literal types for the route
 * table; tools/platform/platform.test.ts fails when this list and the manifest differ.
 */
export const REMOTE_NAMES = ['mf_public', 'mf_investor', 'mf_owner', 'mf_admin', 'mf_onboarding'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type Chrome = 'public' | 'dashboard' | 'bare';

/**
 * The modules of remote `R` a route can render, by their types (remote-modules.ts): those
 * it exposes whose default export is a component that needs no props (RemotePage renders
 * `<Page />`). A module a remote stops exposing, or one that starts to require props,
 * fails `npm run typecheck` where the table names it.
 */
export type PageOf<R extends RemoteName> = PagesOf<RemoteModules[R]>;
/** The names in a map of modules (name → module type) whose default export is a component without required props. */
export type PagesOf<Modules> = { [M in keyof Modules]: Modules[M] extends { default: ComponentType } ? M : never }[keyof Modules] & string;

export interface RouteTarget {
  remote: RemoteName;
  /** Exposed module name, without the leading './'. */
  module: string;
  /**
   * The page's first screen renders no MUI (the landing page): RemotePage does not load MUI's
   * theme for it, so a first visit there loads no MUI (docs/frontend.md). What it shows later
   * and renders with MUI brings its own MuiThemeProvider.
   */
  muiFree?: boolean;
  /** Sidebar entry for this role, if any. Lower order comes first. */
  sidebar?: { label: string; order: number; icon: SidebarIcon };
  /**
   * Admin pages: the permission (ADMIN_ACCESS) the page's work needs. The sidebar hides it
   * from admins whose role lacks it; reached directly, the page says it is not for their role.
   */
  permission?: AdminPermission;
}

export type SidebarIcon =
  | 'dashboard'
  | 'listings'
  | 'investors'
  | 'owners'
  | 'transactions'
  | 'orders'
  | 'profile'
  | 'investments'
  | 'wallet'
  | 'support'
  | 'active'
  | 'payouts'
  | 'audit'
  | 'cases'
  | 'approvals'
  | 'distributions'
  | 'appraisals'
  | 'market'
  | 'team';

export interface RouteDef {
  path: string;
  chrome: Chrome;
  /** Absent: public. Present: signed-in users with one of these roles. */
  roles?: readonly Role[];
  /** For guests only (log in, sign up): a signed-in person goes to the dashboard, or where ?next= names (signedInLanding). */
  guestOnly?: boolean;
  /** The module that renders it; per role when the same path differs by role. */
  target: RouteTarget | Partial<Record<Role, RouteTarget>>;
}

/** A route target checked against what its remote exposes (PageOf). */
type CheckedTarget = { [R in RemoteName]: Omit<RouteTarget, 'remote' | 'module'> & { remote: R; module: PageOf<R> } }[RemoteName];
interface CheckedRoute extends Omit<RouteDef, 'target'> {
  target: CheckedTarget | Partial<Record<Role, CheckedTarget>>;
}

const ALL: readonly Role[] = ['INVESTOR', 'PROPERTY_OWNER', 'ADMIN'];
const pub = (module: PageOf<'mf_public'>) => ({ remote: 'mf_public' as const, module });
const t = <R extends RemoteName>(remote: R, module: PageOf<R>, sidebar?: RouteTarget['sidebar']) => ({ remote, module, sidebar });
/** An admin console page and the permission its work needs. */
const a = (module: PageOf<'mf_admin'>, permission: AdminPermission, sidebar?: RouteTarget['sidebar']) => ({
  ...t('mf_admin', module, sidebar),
  permission,
});
const side = (label: string, order: number, icon: SidebarIcon) => ({ label, order, icon });

/**
 * /login remembering the page a guard turned a guest away from (?next=), so signing in
 * returns there. Only a path of this app is kept: never another origin (`//evil`, `/\\evil`,
 * a scheme) nor control characters; mf-public's login checks it again before following it.
 */
export function loginRedirect(from: string): string {
  if (!isAppPath(from) || from === paths.login || from.startsWith(`${paths.login}?`)) return paths.login;
  return `${paths.login}?next=${encodeURIComponent(from)}`;
}

const isAppPath = (p: string) =>
  p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && ![...p].some((ch) => ch.charCodeAt(0) < 0x20);

/**
 * Where a person who is already signed in goes when they open /login or /signup: the page
 * a `?next=` names (a link made for a guest — a server-rendered page's "Invest now", an
 * e-mail, an old tab — must still take them where they were heading), else the dashboard.
 */
export function signedInLanding(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !isAppPath(next)) return paths.dashboard;
  const path = next.split(/[?#]/)[0];
  return path === paths.login || path === paths.signup ? paths.dashboard : next;
}

export const routeTable: readonly RouteDef[] = [
  { path: paths.home, chrome: 'public', target: { ...pub('Landing'), muiFree: true } },
  { path: paths.about, chrome: 'public', target: pub('About') },
  { path: paths.properties, chrome: 'public', target: pub('Properties') },
  { path: '/properties/:id', chrome: 'public', target: pub('PropertyDetail') },
  { path: paths.listProperty, chrome: 'public', target: pub('ListProperty') },
  { path: paths.privacy, chrome: 'public', target: pub('Privacy') },
  { path: paths.terms, chrome: 'public', target: pub('Terms') },
  { path: paths.login, chrome: 'public', target: pub('Login'), guestOnly: true },
  { path: paths.signup, chrome: 'public', target: pub('Signup'), guestOnly: true },
  { path: paths.verify, chrome: 'public', target: pub('Verify') },

  { path: paths.onboarding, chrome: 'bare', roles: ['INVESTOR', 'PROPERTY_OWNER'], target: t('mf_onboarding', 'Onboarding') },
  { path: paths.questionnaire, chrome: 'bare', roles: ['INVESTOR'], target: t('mf_onboarding', 'Questionnaire') },

  {
    path: paths.dashboard,
    chrome: 'dashboard',
    roles: ALL,
    target: {
      ADMIN: a('Overview', 'console.read', side('Dashboard', 0, 'dashboard')),
      INVESTOR: t('mf_investor', 'Overview', side('Dashboard', 0, 'dashboard')),
      PROPERTY_OWNER: t('mf_owner', 'Overview', side('Dashboard', 0, 'dashboard')),
    },
  },
  {
    path: paths.listings,
    chrome: 'dashboard',
    roles: ['ADMIN', 'PROPERTY_OWNER'],
    target: {
      ADMIN: a('Listings', 'listings.read', side('Listings', 10, 'listings')),
      PROPERTY_OWNER: t('mf_owner', 'Listings', side('My Listings', 10, 'listings')),
    },
  },
  { path: paths.createListing, chrome: 'dashboard', roles: ['PROPERTY_OWNER'], target: t('mf_owner', 'ListingEditor') },
  { path: '/dashboard/listings/:id/edit', chrome: 'dashboard', roles: ['PROPERTY_OWNER'], target: t('mf_owner', 'ListingEditor') },
  {
    path: paths.activeListings,
    chrome: 'dashboard',
    roles: ['PROPERTY_OWNER'],
    target: t('mf_owner', 'ActiveListings', side('Active Listings', 20, 'active')),
  },
  {
    path: paths.investors,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Investors', 'people.read', side('Investors', 20, 'investors')),
  },
  { path: '/dashboard/investors/:id', chrome: 'dashboard', roles: ['ADMIN'], target: a('UserDetail', 'people.read') },
  { path: paths.owners, chrome: 'dashboard', roles: ['ADMIN'], target: a('Owners', 'people.read', side('Owners', 30, 'owners')) },
  { path: '/dashboard/owners/:id', chrome: 'dashboard', roles: ['ADMIN'], target: a('UserDetail', 'people.read') },
  {
    path: paths.transactions,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Transactions', 'transactions.read', side('Transactions', 40, 'transactions')),
  },
  {
    path: paths.orders,
    chrome: 'dashboard',
    roles: ['ADMIN', 'INVESTOR'],
    target: {
      ADMIN: a('Orders', 'orders.read', side('Orders', 50, 'orders')),
      INVESTOR: t('mf_investor', 'Orders', side('Orders', 20, 'orders')),
    },
  },
  { path: paths.payouts, chrome: 'dashboard', roles: ['ADMIN'], target: a('Payouts', 'payouts.manage', side('Payouts', 55, 'payouts')) },
  {
    path: paths.reconciliation,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Reconciliation', 'payouts.manage', side('Reconciliation', 55.5, 'payouts')),
  },
  {
    path: paths.distributions,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Distributions', 'distributions.manage', side('Distributions', 56, 'distributions')),
  },
  {
    path: paths.appraisals,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Appraisals', 'appraisals.manage', side('Appraisals', 56.5, 'appraisals')),
  },
  {
    path: paths.market,
    chrome: 'dashboard',
    roles: ['ADMIN', 'INVESTOR'],
    target: {
      ADMIN: a('Market', 'market.manage', side('Market', 56.7, 'market')),
      INVESTOR: t('mf_investor', 'MarketOrders', side('Market orders', 25, 'market')),
    },
  },
  { path: paths.audit, chrome: 'dashboard', roles: ['ADMIN'], target: a('Audit', 'audit.read', side('Audit trail', 57, 'audit')) },
  { path: paths.team, chrome: 'dashboard', roles: ['ADMIN'], target: a('Team', 'admins.manage', side('Team', 59, 'team')) },
  { path: paths.cases, chrome: 'dashboard', roles: ['ADMIN'], target: a('Cases', 'people.verify', side('Cases', 32, 'cases')) },
  { path: '/dashboard/cases/:id', chrome: 'dashboard', roles: ['ADMIN'], target: a('KycCase', 'people.verify') },
  {
    path: paths.approvals,
    chrome: 'dashboard',
    roles: ['ADMIN'],
    target: a('Approvals', 'approvals.read', side('Pending approvals', 56.2, 'approvals')),
  },
  {
    path: paths.investments,
    chrome: 'dashboard',
    roles: ['INVESTOR'],
    target: t('mf_investor', 'Investments', side('Investments', 10, 'investments')),
  },
  {
    path: paths.wallet,
    chrome: 'dashboard',
    roles: ['INVESTOR', 'PROPERTY_OWNER'],
    target: {
      INVESTOR: t('mf_investor', 'Wallet', side('Wallet', 30, 'wallet')),
      PROPERTY_OWNER: t('mf_investor', 'Wallet', side('Wallet', 30, 'wallet')),
    },
  },
  {
    path: paths.profile,
    chrome: 'dashboard',
    roles: ALL,
    target: {
      ADMIN: t('mf_onboarding', 'Profile', side('Profile', 60, 'profile')),
      INVESTOR: t('mf_onboarding', 'Profile', side('Profile', 40, 'profile')),
      PROPERTY_OWNER: t('mf_onboarding', 'Profile', side('Profile', 40, 'profile')),
    },
  },
  {
    path: paths.support,
    chrome: 'dashboard',
    roles: ALL,
    target: {
      ADMIN: a('Support', 'support.manage', side('Support', 58, 'support')),
      INVESTOR: t('mf_investor', 'Support', side('Support', 50, 'support')),
      PROPERTY_OWNER: t('mf_investor', 'Support', side('Support', 50, 'support')),
    },
  },
  // A property's chain record: the investments module shows it (no module of its own).
  {
    path: '/dashboard/investments/:propertyId/chain',
    chrome: 'dashboard',
    roles: ['INVESTOR'],
    target: t('mf_investor', 'Investments'),
  },
  {
    path: '/dashboard/support/:id',
    chrome: 'dashboard',
    roles: ALL,
    target: {
      ADMIN: a('SupportThread', 'support.manage'),
      INVESTOR: t('mf_investor', 'SupportThread'),
      PROPERTY_OWNER: t('mf_investor', 'SupportThread'),
    },
  },
] satisfies readonly CheckedRoute[];

function isPerRole(target: RouteDef['target']): target is Partial<Record<Role, RouteTarget>> {
  return !('remote' in target);
}

/** The module that renders `route` for `role` (null role: a visitor). */
export function targetFor(route: RouteDef, role: Role | null): RouteTarget | null {
  if (!isPerRole(route.target)) return route.target;
  return role ? (route.target[role] ?? null) : null;
}

export interface SidebarEntry {
  path: string;
  label: string;
  icon: SidebarIcon;
  order: number;
}

/** Every (remote, module) pair the table names: what the remotes must expose. */
export function requiredModules(): Map<RemoteName, Set<string>> {
  const out = new Map<RemoteName, Set<string>>();
  for (const r of routeTable) {
    const targets = isPerRole(r.target) ? Object.values(r.target) : [r.target];
    for (const tg of targets) {
      if (!tg) continue;
      if (!out.has(tg.remote)) out.set(tg.remote, new Set());
      out.get(tg.remote)!.add(tg.module);
    }
  }
  return out;
}

/** Spec 2: the sidebar highlights the entry whose second path segment matches. */
export function isSidebarEntryActive(entryPath: string, currentPath: string): boolean {
  const second = (p: string) => p.split('/').filter(Boolean)[1] ?? '';
  return second(entryPath) === second(currentPath);
}

/** The module a URL renders for `role` (null: a visitor), if the role may see it. */
export function targetForPath(pathname: string, role: Role | null): RouteTarget | null {
  const route = routeTable.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (!route || (route.roles && (!role || !route.roles.includes(role)))) return null;
  return targetFor(route, role);
}
