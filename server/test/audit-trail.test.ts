// The audit trail: edits keep the values before and after, personal-data reads and exports are
// recorded, the trail exports as a streamed CSV, and an admin change that writes no row is caught
// (the test helper fails any suite that makes one: every suite is part of the completeness check).
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import auditTrailPlugin from '../src/plugins/audit-trail';
import { audit } from '../src/lib/audit';
import type { Executor } from '../src/db/client';
import { buildTestApp, call, makeUser, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  action: string;
  target_id: string;
  detail: Record<string, unknown>;
}
const lastRow = async (action: string) =>
  (
    await queryRows<Row>(
      t.app,
      sql`SELECT action, target_id, detail FROM audit_log WHERE action = ${action} ORDER BY created_at DESC LIMIT 1`,
    )
  )[0];

describe('edits keep before and after', () => {
  it("an admin's edit of a person records each changed field's old and new value, not just its name", async () => {
    const person = await makeUser(t.app, 'INVESTOR', { firstName: 'Ada' });
    const [{ last_name: lastName }] = await queryRows<{ last_name: string }>(
      t.app,
      sql`SELECT last_name FROM users WHERE id = ${person.id}`,
    );
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/${person.id}`,
      as: admin,
      payload: { firstName: "Ada $' </script>", lastName },
    });
    expect(res.statusCode).toBe(200);
    const row = await lastRow('user.update');
    expect(row.target_id).toBe(person.id);
    // The unchanged last name is left out.
    expect(row.detail).toEqual({ before: { firstName: 'Ada' }, after: { firstName: "Ada $' </script>" } });
  });

  it("an admin's edit of their own profile is recorded with before and after", async () => {
    const me = await makeUser(t.app, 'ADMIN', { firstName: 'Olga' });
    expect((await call(t.app, { method: 'PATCH', url: '/v1/admin/me', as: me, payload: { firstName: 'Olya' } })).statusCode).toBe(200);
    const row = await lastRow('admin.profile_update');
    expect(row).toMatchObject({ target_id: me.id, detail: { before: { firstName: 'Olga' }, after: { firstName: 'Olya' } } });
  });
});

describe('personal-data reads and exports are recorded', () => {
  it('viewing a person, reading their statement, exporting the ledger or trades: each writes a row with what was read', async () => {
    const person = await makeUser(t.app, 'INVESTOR');
    const month = new Date().toISOString().slice(0, 7);
    const statement = await call(t.app, { method: 'GET', url: `/v1/admin/users/${person.id}/statements/${month}.csv`, as: admin });
    expect(statement.statusCode).toBe(200);
    expect(await lastRow('statement.view')).toMatchObject({ target_id: person.id, detail: { file: `${month}.csv` } });

    // A statement that cannot be read is not recorded as read.
    const before = (await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'statement.view'`)).length;
    expect((await call(t.app, { method: 'GET', url: `/v1/admin/users/${person.id}/statements/1999-13.csv`, as: admin })).statusCode).toBe(
      400,
    );
    expect(await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'statement.view'`)).toHaveLength(before);

    // Viewing a person (their identity documents' links, their answers) is recorded.
    expect((await call(t.app, { method: 'GET', url: `/v1/users/${person.id}`, as: admin })).statusCode).toBe(200);
    expect(await lastRow('user.view')).toMatchObject({ target_id: person.id, detail: { documents: 0 } });

    const ledger = await call(t.app, { method: 'GET', url: `/v1/transactions/export.csv?userId=${person.id}`, as: admin });
    expect(ledger.statusCode).toBe(200);
    expect(await lastRow('transactions.export')).toMatchObject({ detail: { filters: { userId: person.id } } });

    const trades = await call(t.app, { method: 'GET', url: '/v1/admin/market/trades.csv', as: admin });
    expect(trades.statusCode).toBe(200);
    expect(await lastRow('market.trades.export')).toBeDefined();
  });
});

describe('the audit CSV', () => {
  it('streams every matching row, newest first, with the filters applied, its cells safe in a spreadsheet', async () => {
    const person = await makeUser(t.app, 'INVESTOR', { firstName: 'Zed' });
    await call(t.app, { method: 'PATCH', url: `/v1/users/${person.id}`, as: admin, payload: { firstName: '=HYPERLINK("x")' } });
    const res = await call(t.app, { method: 'GET', url: '/v1/admin/audit.csv?action=user.update', as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tessera-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Admin,Admin id,Action,What it means,Target type,Target id,Detail (JSON),Address');
    const rows = await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'user.update'`);
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.slice(1).every((l) => l.includes(',user.update,Edited a person,'))).toBe(true);
    // Newest first: the edit just made is the first row, its detail JSON quoted as one cell.
    expect(lines[1]).toContain(person.id);
    expect(lines[1]).toContain(',"{""');
    expect(lines[1]).toContain('""before"":{""firstName"":""Zed""}');
    expect(lines[1]).toContain('""after"":{""firstName"":""=HYPERLINK(\\""x\\"")""}');
    // The export itself is recorded.
    expect(await lastRow('audit.export')).toMatchObject({ detail: { filters: { action: 'user.update' } } });
  });

  it('is for admins who may read the audit trail; unknown parameters are refused', async () => {
    const support = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/audit.csv', as: support })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/audit.csv', as: null })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/audit.csv?page=2', as: admin })).statusCode).toBe(400);
  });
});

describe('the completeness check', () => {
  it('catches an admin change answered without an audit row, and not one that wrote its row or failed', async () => {
    const app = Fastify({ logger: false });
    await app.register(auditTrailPlugin);
    const db = { insert: () => ({ values: async () => undefined }) } as unknown as Executor;
    const actor = { id: 'a', email: 'a@x', ip: '' };
    app.post('/silent', async (request) => {
      request.adminGuarded = true;
      return { ok: true };
    });
    app.post('/recorded', async (request) => {
      request.adminGuarded = true;
      // Recorded after an await, as a real service does: the request's scope follows it.
      await new Promise((r) => setTimeout(r, 5));
      await audit(db, actor, { action: 'user.update', targetType: 'user', targetId: 'u' });
      return { ok: true };
    });
    app.post('/refused', async (request, reply) => {
      request.adminGuarded = true;
      return reply.status(409).send({ message: 'no' });
    });
    app.post('/not-admin', async () => ({ ok: true }));
    app.get('/read', async (request) => {
      request.adminGuarded = true;
      return { ok: true };
    });
    try {
      for (const url of ['/recorded', '/refused', '/not-admin', '/silent']) await app.inject({ method: 'POST', url });
      await app.inject({ method: 'GET', url: '/read' });
      expect(app.unauditedAdminChanges).toEqual(['POST /silent']);
    } finally {
      await app.close();
    }
  });
});
