// What the signed-in admin's role allows (ADMIN_ACCESS, the matrix the server enforces), so
// pages offer only the actions that would be let through.
import { useAuthUser } from 'shared-api';
import type { AdminPermission } from 'shared-api/contract';
import { userCan } from 'shared-api/contract/dashboard';

/**
 * False only when the signed-in admin's role is known and lacks `permission`: a session
 * without one yet (stored before admin roles) still shows the action, and the server decides.
 */
export function useAdminCan(permission: AdminPermission): boolean {
  const me = useAuthUser();
  if (!me || me.role !== 'ADMIN' || me.adminRole === undefined) return true;
  return userCan(me, permission);
}
