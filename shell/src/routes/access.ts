// Which pages a signed-in person may use: an admin page needs its permission (ADMIN_ACCESS, the
// matrix the server enforces). Apart from the route table so that main.js does not carry the
// matrix: only the dashboard chrome (the sidebar) and an admin page's gate load it.
import type { AdminRole, Role } from 'shared-api/contract';
import { userCan } from 'shared-api/contract/dashboard';
import { routeTable, targetFor, type RouteTarget, type SidebarEntry } from './route-table';

/** Whether the signed-in person may use a page (an admin page needs its permission). */
export function mayUse(target: RouteTarget, user: { role: Role; adminRole?: AdminRole | null }): boolean {
  return !target.permission || userCan(user, target.permission);
}

/** The sidebar of a role, in order; an admin's holds only the pages their admin role may use. */
export function sidebarFor(role: Role, adminRole: AdminRole | null = null): SidebarEntry[] {
  return routeTable
    .filter((r) => r.chrome === 'dashboard' && (!r.roles || r.roles.includes(role)))
    .flatMap((r) => {
      const target = targetFor(r, role);
      return target?.sidebar && mayUse(target, { role, adminRole }) ? [{ path: r.path, ...target.sidebar }] : [];
    })
    .sort((a, b) => a.order - b.order);
}
