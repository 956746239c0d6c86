// Admin roles as the team page and the server's admin routes word them: labels, refusals,
// the sign-up body. Shared lazily with the dashboards ('shared-api/contract/dashboard'); the
// access matrix itself (admin-roles.ts) is eager, as the shell's guard reads it.
import { ADMIN_PAGE_NOT_ALLOWED, type AdminRole } from './admin-roles';

/** What an admin created without a role gets: the least privilege. */
export const DEFAULT_ADMIN_ROLE: AdminRole = 'SUPPORT';

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  SUPER_ADMIN: 'Super admin',
  COMPLIANCE: 'Compliance',
  FINANCE: 'Finance',
  SUPPORT: 'Support',
};

export const ADMIN_ROLE_MESSAGES = {
  /** An admin whose role does not hold the permission a route needs. */
  forbidden: 'Your admin role does not allow this',
  /** The console page for a permission the admin's role lacks. */
  pageNotAllowed: ADMIN_PAGE_NOT_ALLOWED,
  onlySuperAdmins: 'Only super admins can manage admins',
  ownRole: 'You cannot change your own admin role',
  lastSuperAdmin: 'The last super admin cannot lose the role',
  notAnAdmin: 'This person is not an admin',
  sameRole: 'This admin already has that role',
} as const;

/** POST /v1/auth/signup/admin: a sign-up plus the new admin's role (default DEFAULT_ADMIN_ROLE). */
export interface AdminSignupBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  adminRole?: AdminRole;
}

/** GET /v1/admin/team: an admin as the team list shows them. */
export interface TeamMember {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  adminRole: AdminRole;
  createdAt: string;
}

/** PATCH /v1/admin/team/:id/role */
export interface ChangeAdminRoleBody {
  adminRole: AdminRole;
}
