// Admin roles (least privilege): which admin may do what. The server's guards
// (app.requireAdmin(permission)) and the console's navigation both read ADMIN_ACCESS, so a
// permission is granted or withdrawn here once. Every admin keeps the user role ADMIN; the
// admin role narrows what they may do.
import type { Role } from './enums';

export const ADMIN_ROLES = ['SUPER_ADMIN', 'COMPLIANCE', 'FINANCE', 'SUPPORT'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const S = 'SUPER_ADMIN';
const C = 'COMPLIANCE';
const F = 'FINANCE';
const P = 'SUPPORT';
const EVERY_ADMIN = [S, C, F, P] as const;

/**
 * Permission → the admin roles allowed it. To add an admin route: name its permission here
 * (or reuse one) and guard the route with app.requireAdmin('<permission>');
 * server/test/admin-access.test.ts fails naming any admin route without one.
 */
export const ADMIN_ACCESS = {
  /** The console's figures (dashboard) and the admin's own profile. */
  'console.read': EVERY_ADMIN,
  /** People (investors, owners): lists and a person's detail, holdings, wallet, orders, statements. */
  'people.read': EVERY_ADMIN,
  /** Verify or reject a person (KYC). */
  'people.verify': [S, C],
  /** Change a person's profile fields. */
  'people.edit': [S, C],
  /** Delete an investor's or owner's account. */
  'people.delete': [S],
  /** Listings: any status, holders, an owner's listings. */
  'listings.read': EVERY_ADMIN,
  /** Review listings and their revisions, edit, suspend/resume or delete a listing. */
  'listings.review': [S, C],
  /** The audit trail. Compliance reads it for investigations; finance and support do not need it. */
  'audit.read': [S, C],
  /** Orders and checkouts across people. */
  'orders.read': [S, F],
  /** Approve, reject or delete orders. */
  'orders.manage': [S, F],
  /** Ledger transactions and their exports. */
  'transactions.read': [S, F],
  /** Withdrawals (payouts) and their destinations. */
  'payouts.manage': [S, F],
  /** Owners' income reports (approve, reject) and income-producing listings. */
  'income.manage': [S, F],
  /** Distributions to holders. */
  'distributions.manage': [S, F],
  /** Appraisals of listings. */
  'appraisals.manage': [S, F],
  /** The secondary market: overview, trades, flags, halts. */
  'market.manage': [S, F],
  /** Support tickets. */
  'support.manage': [S, P],
  /** Four eyes: the queue of requests waiting for a second admin (deciding one also needs the
   *  permission of the action asked for, APPROVAL_PERMISSIONS). Support asks for nothing held. */
  'approvals.read': [S, C, F],
  /** Admins: create, list, change roles, delete. */
  'admins.manage': [S],
  /** Release tokens and the telemetry they read. */
  'release.manage': [S],
} as const satisfies Record<string, readonly AdminRole[]>;

export type AdminPermission = keyof typeof ADMIN_ACCESS;
export const ADMIN_PERMISSIONS = Object.keys(ADMIN_ACCESS) as AdminPermission[];

/** Whether an admin of `role` holds `permission` (no role: not an admin, never). */
export function adminCan(role: AdminRole | null | undefined, permission: AdminPermission): boolean {
  return role != null && (ADMIN_ACCESS[permission] as readonly AdminRole[]).includes(role);
}

/** Whether a user (role, admin role) may use something guarded by `permission`. */
export function userCan(user: { role: Role; adminRole?: AdminRole | null } | null, permission: AdminPermission): boolean {
  return user?.role === 'ADMIN' && adminCan(user.adminRole, permission);
}

/** The console page for a permission the admin's role lacks (the shell shows it, so it is eager). */
export const ADMIN_PAGE_NOT_ALLOWED = 'This page is not available for your admin role';
