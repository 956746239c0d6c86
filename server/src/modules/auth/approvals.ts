// Four eyes for creating an admin (modules/approvals): the request keeps the new admin's
// names, e-mail and password hash (never the password); approving creates the account.
// Only a super admin may approve it; while the requester is the only one, nobody could, so
// the colleague is created at once: that is how a second pair of eyes comes to exist.
import { ADMIN_ROLE_LABELS } from 'shared-api/contract/admin';
import { anotherSuperAdmin, registerApproval } from '../approvals';
import { createAccount, type AdminToCreate } from './service';

registerApproval<AdminToCreate>('admin.create', {
  async ask(app, actor, admin) {
    if (!(await anotherSuperAdmin(app.db, actor.id))) return null;
    return {
      targetType: 'user',
      targetId: admin.email,
      summary: `Create an admin (${ADMIN_ROLE_LABELS[admin.adminRole]}): ${admin.firstName} ${admin.lastName} <${admin.email}>`,
    };
  },
  execute: async (app, approver, admin) => {
    const { user } = await createAccount(app, admin, { role: 'ADMIN', status: 'VERIFIED', adminRole: admin.adminRole }, approver);
    return { userId: user._id };
  },
});
