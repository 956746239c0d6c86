// Admin roles: who creates admins and with which role, the team list, role changes (audited,
// never one's own, never the last super admin), what /users/me says, and the database rule
// that admins hold exactly one role and nobody else any.
import { sql } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { ADMIN_ROLE_MESSAGES } from 'shared-api/contract/admin';
import { changeAdminRole } from '../src/modules/admin/team';
import { buildTestApp, call, makeUser, queryRows, uniqueEmail, type TestApp, type TestUser } from './helper';

let t: TestApp;
let superAdmin: TestUser;
let finance: TestUser;
let support: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await makeUser(t.app, 'ADMIN');
  finance = await makeUser(t.app, 'ADMIN', { adminRole: 'FINANCE' });
  support = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
}, 60_000);
afterAll(() => t?.close());

const signup = (extra: Record<string, unknown> = {}) => ({
  firstName: 'New',
  lastName: 'Admin',
  email: uniqueEmail('staff'),
  password: 'Passw0rdX',
  ...extra,
});

describe('creating admins', () => {
  it('gives a new admin the least privilege (SUPPORT) unless a role is named', async () => {
    const plain = await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', as: superAdmin, payload: signup() });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().user).toMatchObject({ role: 'ADMIN', adminRole: 'SUPPORT' });
    const named = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/admin',
      as: superAdmin,
      payload: signup({ adminRole: 'COMPLIANCE' }),
    });
    expect(named.json().user).toMatchObject({ adminRole: 'COMPLIANCE' });
    const [entry] = await queryRows<{ detail: { adminRole: string } }>(
      t.app,
      sql`SELECT detail FROM audit_log WHERE action = 'admin.create' AND target_id = ${named.json().user._id}`,
    );
    expect(entry.detail.adminRole).toBe('COMPLIANCE');
  });

  it('lets only super admins create admins, and refuses an unknown role', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', as: finance, payload: signup() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_ROLE_MESSAGES.forbidden);
    const bad = await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', as: superAdmin, payload: signup({ adminRole: 'ROOT' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an admin role on a person signing up', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: signup({ adminRole: 'SUPER_ADMIN' }) });
    expect(res.statusCode).toBe(400);
  });
});

describe('/v1/users/me', () => {
  it("says an admin's role, and null for everyone else", async () => {
    const me = await call(t.app, { method: 'GET', url: '/v1/users/me', as: finance });
    expect(me.json()).toMatchObject({ role: 'ADMIN', adminRole: 'FINANCE' });
    const investor = await makeUser(t.app, 'INVESTOR');
    const other = await call(t.app, { method: 'GET', url: '/v1/users/me', as: investor });
    expect(other.json().adminRole).toBeNull();
  });
});

describe('the team', () => {
  it('lists every admin with their role, for super admins only', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/admin/team', as: superAdmin });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<{ _id: string; adminRole: string }[]>().map((m) => [m._id, m.adminRole]));
    expect(byId.get(superAdmin.id)).toBe('SUPER_ADMIN');
    expect(byId.get(finance.id)).toBe('FINANCE');
    const refused = await call(t.app, { method: 'GET', url: '/v1/admin/team', as: support });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_ROLE_MESSAGES.forbidden);
  });

  it('changes a role at once (next call), audited with before and after', async () => {
    const staff = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
    expect((await call(t.app, { method: 'GET', url: '/v1/payouts', as: staff })).statusCode).toBe(403);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/v1/admin/team/${staff.id}/role`,
      as: superAdmin,
      payload: { adminRole: 'FINANCE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: staff.id, adminRole: 'FINANCE' });
    expect((await call(t.app, { method: 'GET', url: '/v1/payouts', as: staff })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/support', as: staff })).statusCode).toBe(403);
    const entries = await queryRows<{ actor_id: string; detail: { before: unknown; after: unknown } }>(
      t.app,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'admin.role_change' AND target_id = ${staff.id}`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].actor_id).toBe(superAdmin.id);
    expect(entries[0].detail).toMatchObject({ before: { adminRole: 'SUPPORT' }, after: { adminRole: 'FINANCE' } });
  });

  it("refuses a change of one's own role, a non-admin, an unknown field, and non-super admins", async () => {
    const own = await call(t.app, {
      method: 'PATCH',
      url: `/v1/admin/team/${superAdmin.id}/role`,
      as: superAdmin,
      payload: { adminRole: 'SUPPORT' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(ADMIN_ROLE_MESSAGES.ownRole);
    const investor = await makeUser(t.app, 'INVESTOR');
    const notAdmin = await call(t.app, {
      method: 'PATCH',
      url: `/v1/admin/team/${investor.id}/role`,
      as: superAdmin,
      payload: { adminRole: 'SUPPORT' },
    });
    expect(notAdmin.statusCode).toBe(400);
    const extra = await call(t.app, {
      method: 'PATCH',
      url: `/v1/admin/team/${support.id}/role`,
      as: superAdmin,
      payload: { adminRole: 'FINANCE', role: 'ADMIN' },
    });
    expect(extra.statusCode).toBe(400);
    const byFinance = await call(t.app, {
      method: 'PATCH',
      url: `/v1/admin/team/${support.id}/role`,
      as: finance,
      payload: { adminRole: 'FINANCE' },
    });
    expect(byFinance.statusCode).toBe(403);
  });

  it('never demotes the last super admin (two super admins demoting each other at once)', async () => {
    const other = await makeUser(t.app, 'ADMIN');
    // Only `superAdmin` and `other` are super admins: the first demotion passes ...
    const supers = await queryRows<{ id: string }>(
      t.app,
      sql`SELECT id FROM users WHERE admin_role = 'SUPER_ADMIN' AND deleted_at IS NULL`,
    );
    expect(supers.map((s) => s.id).sort()).toEqual([superAdmin.id, other.id].sort());
    const actor = (u: TestUser) => ({ id: u.id, role: 'ADMIN' as const, status: 'VERIFIED' as const, email: u.email, ip: '' });
    await changeAdminRole(t.app, actor(superAdmin), other.id, { adminRole: 'COMPLIANCE' });
    // ... and `other`, whose call passed its guard as a super admin, cannot demote the last one.
    await expect(changeAdminRole(t.app, actor(other), superAdmin.id, { adminRole: 'SUPPORT' })).rejects.toMatchObject({
      statusCode: 409,
      messages: ADMIN_ROLE_MESSAGES.lastSuperAdmin,
    });
  });
});

describe('the database rule', () => {
  it('refuses an admin without a role and a non-admin with one', async () => {
    await expect(
      t.app.db.execute(
        sql`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES (${uniqueEmail('x')}, 'x', 'A', 'B', 'ADMIN')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`INSERT INTO users (email, password_hash, first_name, last_name, role, admin_role) VALUES (${uniqueEmail('x')}, 'x', 'A', 'B', 'INVESTOR', 'SUPPORT')`,
      ),
    ).rejects.toThrow();
  });
});

describe('the enrolment rule', () => {
  it('still refuses an admin without a second factor first, whatever the role', async () => {
    const strict = await buildTestApp({ adminTwoFactorRequired: true });
    try {
      const admin = await makeUser(strict.app, 'ADMIN', { adminRole: 'SUPPORT' });
      const res = await call(strict.app, { method: 'GET', url: '/v1/support', as: admin });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.enrolRequired);
    } finally {
      await strict.close();
    }
  });
});
