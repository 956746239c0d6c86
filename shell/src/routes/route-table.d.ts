import { type AdminPermission, type Role } from 'shared-api/contract';
export declare const REMOTE_NAMES: readonly ['mf_public', 'mf_investor', 'mf_owner', 'mf_admin', 'mf_onboarding'];
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type Chrome = 'public' | 'dashboard' | 'bare';
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
  sidebar?: {
    label: string;
    order: number;
    icon: SidebarIcon;
  };
  /** Admin pages: the permission (ADMIN_ACCESS) the page's work needs. */
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
/** /login remembering the page a guard turned a guest away from (?next=), same-app paths only. */
export declare function loginRedirect(from: string): string;
export declare function signedInLanding(search: string): string;
export declare const routeTable: readonly RouteDef[];
/** The module that renders `route` for `role` (null role: a visitor). */
export declare function targetFor(route: RouteDef, role: Role | null): RouteTarget | null;
export interface SidebarEntry {
  path: string;
  label: string;
  icon: SidebarIcon;
  order: number;
}
/** Every (remote, module) pair the table names: what the remotes must expose. */
export declare function requiredModules(): Map<RemoteName, Set<string>>;
/** Spec 2: the sidebar highlights the entry whose second path segment matches. */
export declare function isSidebarEntryActive(entryPath: string, currentPath: string): boolean;
