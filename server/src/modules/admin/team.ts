// The admin team: who the admins are and which admin role each holds (least privilege).
// Only super admins reach these (admins.manage); a role change is audited with before/after.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AdminRole, ChangeAdminRoleBody, TeamMember } from 'shared-api/contract';
import { ADMIN_ROLES } from 'shared-api/contract/dashboard';
import { ADMIN_ROLE_MESSAGES } from 'shared-api/contract/admin';
import { users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { assertSame, DateTime, Id, StringEnum, type Same } from '../../lib/schema';

export const TeamMemberSchema = Type.Object({
  _id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  adminRole: StringEnum(ADMIN_ROLES),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof TeamMemberSchema>, TeamMember>>();

export const ChangeAdminRoleSchema = Type.Object({ adminRole: StringEnum(ADMIN_ROLES) }, { additionalProperties: false });
assertSame<Same<Static<typeof ChangeAdminRoleSchema>, ChangeAdminRoleBody>>();

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  adminRole: users.adminRole,
  createdAt: users.createdAt,
};

function toMember(r: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  adminRole: AdminRole | null;
  createdAt: Date;
}): TeamMember {
  return {
    _id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    // users_admin_role_check: every admin has one.
    adminRole: r.adminRole ?? 'SUPPORT',
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every admin (a team is small: no paging). */
export async function listTeam(app: FastifyInstance): Promise<TeamMember[]> {
  const rows = await app.db
    .select(columns)
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toMember);
}

/**
 * Gives admin `id` another admin role. Nobody changes their own (no one grants themselves
 * more, and a super admin cannot lock themselves out by mistake); the last super admin keeps
 * the role. The super admins' rows are locked, so two demotions at once cannot both pass.
 */
export async function changeAdminRole(app: FastifyInstance, actor: Actor, id: string, body: ChangeAdminRoleBody): Promise<TeamMember> {
  if (actor.id === id) throw badRequest(ADMIN_ROLE_MESSAGES.ownRole);
  return app.db.transaction(async (tx) => {
    const supers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.adminRole, 'SUPER_ADMIN'), isNull(users.deletedAt)))
      .for('update');
    const [target] = await tx
      .select({ ...columns, role: users.role })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update');
    if (!target) throw notFound('Admin not found');
    if (target.role !== 'ADMIN') throw badRequest(ADMIN_ROLE_MESSAGES.notAnAdmin);
    const before = target.adminRole;
    // Refused rather than answered as done: a change that changed nothing leaves no audit row.
    if (before === body.adminRole) throw conflict(ADMIN_ROLE_MESSAGES.sameRole);
    if (before === 'SUPER_ADMIN' && supers.length <= 1) throw conflict(ADMIN_ROLE_MESSAGES.lastSuperAdmin);
    const [row] = await tx
      .update(users)
      .set({ adminRole: body.adminRole, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning(columns);
    await audit(tx, actor, {
      action: 'admin.role_change',
      targetType: 'user',
      targetId: id,
      detail: { email: target.email, before: { adminRole: before }, after: { adminRole: body.adminRole } },
    });
    return toMember(row);
  });
}
