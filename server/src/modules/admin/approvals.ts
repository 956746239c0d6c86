// Four eyes for changing an admin's role (modules/approvals): another super admin approves.
// While the requester is the only super admin nobody could, so the change is made at once.
// Checked when asked, so a second admin is never asked to approve what would be refused.
import { and, eq, isNull } from 'drizzle-orm';
import type { ChangeAdminRoleBody } from 'shared-api/contract';
import { ADMIN_ROLE_LABELS, ADMIN_ROLE_MESSAGES } from 'shared-api/contract/admin';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { anotherSuperAdmin, registerApproval } from '../approvals';
import { changeAdminRole } from './team';

registerApproval<{ id: string; body: ChangeAdminRoleBody }>('admin.role_change', {
  async ask(app, actor, { id, body }) {
    if (actor.id === id) throw badRequest(ADMIN_ROLE_MESSAGES.ownRole);
    const [target] = await app.db
      .select({ role: users.role, adminRole: users.adminRole, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!target) throw notFound('Admin not found');
    if (target.role !== 'ADMIN') throw badRequest(ADMIN_ROLE_MESSAGES.notAnAdmin);
    if (target.adminRole === body.adminRole) throw conflict(ADMIN_ROLE_MESSAGES.sameRole);
    // Nobody else could approve: the route acts at once.
    if (!(await anotherSuperAdmin(app.db, actor.id))) return null;
    const from = target.adminRole ? ADMIN_ROLE_LABELS[target.adminRole] : 'no role';
    return {
      targetType: 'user',
      targetId: id,
      summary: `Change the admin role of ${target.firstName} ${target.lastName} <${target.email}> from ${from} to ${ADMIN_ROLE_LABELS[body.adminRole]}`,
    };
  },
  execute: (app, approver, { id, body }) => changeAdminRole(app, approver, id, body),
});
