// Four eyes (modules/approvals): gated admin actions wait for a second, different admin.
// Through the real app on a real database (PGlite; PostgreSQL with DATABASE_URL, where the
// concurrent approvals are real races). Every test ends with the money invariants intact.
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE_MESSAGES, APPROVAL_ACTIONS, APPROVAL_MESSAGES } from 'shared-api/contract/admin';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  fund,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  requestWithdrawal,
  walletBalance,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

const fourEyes = (actions = [...APPROVAL_ACTIONS]) => ({
  actions,
  payoutThresholdCents: 1_000_000,
  appraisalMovePct: 10,
  allAppraisals: false,
});

beforeAll(async () => {
  t = await buildTestApp({ fourEyes: fourEyes() });
  alice = await makeUser(t.app, 'ADMIN');
  bob = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.config.fourEyes = fourEyes();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const approve = (id: string, as: TestUser) => call(t.app, { method: 'POST', url: `/v1/approvals/${id}/approve`, as });
const auditOf = (approvalId: string) =>
  queryRows<{ action: string; actor_id: string; detail: Record<string, unknown> }>(
    t.app,
    sql`SELECT action, actor_id, detail FROM audit_log WHERE detail->>'approvalId' = ${approvalId} ORDER BY created_at`,
  );

/** A property sold out to two investors (orders completed), its owner. */
async function fundedProperty(unitPrice = 10) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id } = await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: 10, unitPrice } });
  const investors = [await makeInvestor(t, 5 * unitPrice), await makeInvestor(t, 5 * unitPrice)];
  for (const inv of investors) expect((await placeOrder(t.app, inv, _id, 5)).statusCode).toBe(201);
  await approvePendingOrders(t.app, alice, _id);
  return { owner, propertyId: _id, investors };
}

let cursor = 400;
async function submitReport(owner: TestUser, propertyId: string, grossRent: number) {
  cursor -= 32;
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: owner,
    payload: { propertyId, periodStart: day(-cursor - 30), periodEnd: day(-cursor), grossRent, expenses: {}, note: 'Monthly' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
}

const declareAs = (reportId: string, as: TestUser) =>
  call(t.app, { method: 'PATCH', url: `/v1/income-reports/${reportId}/approve`, as, payload: { recordDate: day(0), payDate: day(0) } });

async function declared(owner: TestUser, propertyId: string, grossRent: number): Promise<string> {
  const reportId = await submitReport(owner, propertyId, grossRent);
  const held = await declareAs(reportId, alice);
  expect(held.statusCode).toBe(202);
  expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
  const [d] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM distributions WHERE report_id = ${reportId}`);
  return d.id;
}

describe('declaring a distribution', () => {
  it('waits for a second admin; the requester cannot approve; the second admin declares it, audit names both', async () => {
    const { owner, propertyId } = await fundedProperty();
    const reportId = await submitReport(owner, propertyId, 100);
    const held = await declareAs(reportId, alice);
    expect(held.statusCode).toBe(202);
    const req = held.json();
    expect(req).toMatchObject({ action: 'distribution.declare', status: 'PENDING', targetId: reportId, requestedBy: { _id: alice.id } });
    expect(req.summary).toMatch(/Declare the distribution/);
    expect(await queryRows(t.app, sql`SELECT id FROM distributions WHERE report_id = ${reportId}`)).toEqual([]);
    // The queue shows it.
    const list = await call(t.app, { method: 'GET', url: '/v1/approvals', as: bob });
    expect(list.json().map((r: { _id: string }) => r._id)).toContain(req._id);
    // A second request for the same report is refused while one waits.
    const again = await declareAs(reportId, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPROVAL_MESSAGES.alreadyPending);

    const own = await approve(req._id, alice);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APPROVAL_MESSAGES.ownRequest);
    expect(await queryRows(t.app, sql`SELECT id FROM distributions WHERE report_id = ${reportId}`)).toEqual([]);

    const ok = await approve(req._id, bob);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'APPROVED', decidedBy: { _id: bob.id }, requestedBy: { _id: alice.id } });
    expect(await queryRows(t.app, sql`SELECT id FROM distributions WHERE report_id = ${reportId}`)).toHaveLength(1);
    const trail = await auditOf(req._id);
    expect(trail.map((a) => a.action)).toEqual(['approval.request', 'approval.approve']);
    expect(trail[1]).toMatchObject({
      actor_id: bob.id,
      detail: { requestedBy: { id: alice.id, email: alice.email }, approvedBy: { id: bob.id, email: bob.email } },
    });
    // Decided once.
    expect((await approve(req._id, bob)).statusCode).toBe(409);
  });

  it('reject with a note; the requester may cancel, nobody else; nothing is declared', async () => {
    const { owner, propertyId } = await fundedProperty();
    const reportId = await submitReport(owner, propertyId, 100);
    const first = (await declareAs(reportId, alice)).json();
    const noNote = await call(t.app, { method: 'POST', url: `/v1/approvals/${first._id}/reject`, as: bob, payload: { note: ' ' } });
    expect(noNote.statusCode).toBe(400);
    const ownReject = await call(t.app, { method: 'POST', url: `/v1/approvals/${first._id}/reject`, as: alice, payload: { note: 'x' } });
    expect(ownReject.statusCode).toBe(403);
    const rej = await call(t.app, {
      method: 'POST',
      url: `/v1/approvals/${first._id}/reject`,
      as: bob,
      payload: { note: 'Receipts missing' },
    });
    expect(rej.json()).toMatchObject({ status: 'REJECTED', decisionNote: 'Receipts missing', decidedBy: { _id: bob.id } });

    const second = (await declareAs(reportId, alice)).json();
    const notMine = await call(t.app, { method: 'POST', url: `/v1/approvals/${second._id}/cancel`, as: bob });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(APPROVAL_MESSAGES.onlyRequesterCancels);
    const cancelled = await call(t.app, { method: 'POST', url: `/v1/approvals/${second._id}/cancel`, as: alice });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await approve(second._id, bob)).statusCode).toBe(409);
    expect(await queryRows(t.app, sql`SELECT id FROM distributions WHERE report_id = ${reportId}`)).toEqual([]);
    const [r] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM income_reports WHERE id = ${reportId}`);
    expect(r.status).toBe('SUBMITTED');
  });

  it('the database refuses a self-approval and a second decision', async () => {
    const { owner, propertyId } = await fundedProperty();
    const req = (await declareAs(await submitReport(owner, propertyId, 100), alice)).json();
    await expect(
      t.app.db.execute(
        sql`UPDATE approval_requests SET status = 'APPROVED', decided_by = requested_by, decided_at = now() WHERE id = ${req._id}`,
      ),
    ).rejects.toThrow();
    await call(t.app, { method: 'POST', url: `/v1/approvals/${req._id}/cancel`, as: alice });
    await expect(
      t.app.db.execute(sql`UPDATE approval_requests SET status = 'APPROVED', decided_by = ${bob.id} WHERE id = ${req._id}`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`DELETE FROM approval_requests WHERE id = ${req._id}`)).rejects.toThrow();
  });

  it('with four eyes off for it, the admin declares at once', async () => {
    t.app.config.fourEyes = fourEyes(APPROVAL_ACTIONS.filter((a) => a !== 'distribution.declare'));
    const { owner, propertyId } = await fundedProperty();
    const res = await declareAs(await submitReport(owner, propertyId, 100), alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().distribution.status).toBeDefined();
  });
});

describe('paying a distribution', () => {
  it('nothing moves until a second admin approves; then holders are paid once', async () => {
    const { owner, propertyId, investors } = await fundedProperty();
    await fund(t, owner, 100);
    const distributionId = await declared(owner, propertyId, 100);
    const before = await walletBalance(t.app, investors[0]);
    const held = await call(t.app, { method: 'POST', url: `/v1/distributions/${distributionId}/pay`, as: alice });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ action: 'distribution.pay', status: 'PENDING' });
    expect(await walletBalance(t.app, investors[0])).toBe(before);
    expect((await approve(held.json()._id, alice)).statusCode).toBe(403);
    expect(await walletBalance(t.app, investors[0])).toBe(before);
    const ok = await approve(held.json()._id, bob);
    expect(ok.json().status).toBe('APPROVED');
    expect(await walletBalance(t.app, investors[0])).toBeGreaterThan(before);
    const [d] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM distributions WHERE id = ${distributionId}`);
    expect(d.status).toBe('PAID');
  });

  it("an owner's wallet short at approval: FAILED with the reason, nothing half-written", async () => {
    const { owner, propertyId, investors } = await fundedProperty();
    // The owner holds the sales ($100); paying $200 of rent needs $200.
    const distributionId = await declared(owner, propertyId, 200);
    const req = (await call(t.app, { method: 'POST', url: `/v1/distributions/${distributionId}/pay`, as: alice })).json();
    const ownerBefore = await walletBalance(t.app, owner);
    const invBefore = await walletBalance(t.app, investors[0]);
    const res = await approve(req._id, bob);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'FAILED' });
    expect(res.json().decisionNote).toMatch(/owner's wallet holds/);
    expect(await walletBalance(t.app, owner)).toBe(ownerBefore);
    expect(await walletBalance(t.app, investors[0])).toBe(invBefore);
    expect((await auditOf(req._id)).map((a) => a.action)).toEqual(['approval.request', 'approval.fail']);
  });

  it('two admins approving at once: one effect', async () => {
    const carol = await makeUser(t.app, 'ADMIN');
    const { owner, propertyId, investors } = await fundedProperty();
    await fund(t, owner, 100);
    const distributionId = await declared(owner, propertyId, 100);
    const before = await walletBalance(t.app, investors[0]);
    const req = (await call(t.app, { method: 'POST', url: `/v1/distributions/${distributionId}/pay`, as: alice })).json();
    const answers = await Promise.all([approve(req._id, bob), approve(req._id, carol)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const paid = await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE action = 'distribution.pay' AND target_id = ${distributionId}`);
    expect(paid).toHaveLength(1);
    expect(await walletBalance(t.app, investors[0])).toBe(before + 46);
  });
});

describe('marking a withdrawal paid', () => {
  it('above the threshold waits for a second admin; at or below it is immediate', async () => {
    t.app.config.fourEyes = { ...fourEyes(), payoutThresholdCents: 10_000 };
    const inv = await makeInvestor(t, 500);
    const big = await requestWithdrawal(t.app, inv, 200);
    const small = await requestWithdrawal(t.app, inv, 100);
    expect([big.statusCode, small.statusCode]).toEqual([201, 201]);
    const body = { status: 'PAID', bankReference: 'REF-1' };
    const now = await call(t.app, { method: 'PATCH', url: `/v1/payouts/${small.json()._id}`, as: alice, payload: body });
    expect(now.statusCode).toBe(200);
    const held = await call(t.app, { method: 'PATCH', url: `/v1/payouts/${big.json()._id}`, as: alice, payload: body });
    expect(held.statusCode).toBe(202);
    const [p] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM payouts WHERE id = ${big.json()._id}`);
    expect(p.status).toBe('REQUESTED');
    expect((await approve(held.json()._id, alice)).statusCode).toBe(403);
    // A second admin whose role does not move money cannot approve it either.
    const compliance = await makeUser(t.app, 'ADMIN', { adminRole: 'COMPLIANCE' });
    const denied = await approve(held.json()._id, compliance);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ADMIN_ROLE_MESSAGES.forbidden);
    const rejectDenied = await call(t.app, {
      method: 'POST',
      url: `/v1/approvals/${held.json()._id}/reject`,
      as: compliance,
      payload: { note: 'not mine to judge' },
    });
    expect(rejectDenied.statusCode).toBe(403);
    expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
    const [q] = await queryRows<{ status: string; decided_by: string }>(
      t.app,
      sql`SELECT status, decided_by FROM payouts WHERE id = ${big.json()._id}`,
    );
    expect(q).toEqual({ status: 'PAID', decided_by: bob.id });
    // Rejecting is never held.
    const third = await requestWithdrawal(t.app, inv, 150);
    const rej = await call(t.app, { method: 'PATCH', url: `/v1/payouts/${third.json()._id}`, as: alice, payload: { status: 'REJECTED' } });
    expect(rej.statusCode).toBe(200);
  });
});

describe('marking several withdrawals paid', () => {
  it('a lot above the threshold together waits as one request; below it is immediate', async () => {
    t.app.config.fourEyes = { ...fourEyes(), payoutThresholdCents: 25_000 };
    const inv = await makeInvestor(t, 1000);
    const ids: string[] = [];
    for (const amount of [150, 150, 100]) ids.push((await requestWithdrawal(t.app, inv, amount)).json<{ _id: string }>()._id);
    const items = (list: string[]) => list.map((payoutId, i) => ({ payoutId, bankReference: `BULK-${i}` }));
    // $150 + $150 = $300, above $250 together though neither is alone.
    const held = await call(t.app, { method: 'POST', url: '/v1/payouts/paid', as: alice, payload: { items: items(ids.slice(0, 2)) } });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ action: 'payouts.paid', status: 'PENDING', summary: expect.stringContaining('$300.00 in all') });
    const waiting = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM payouts WHERE id IN (${ids[0]}, ${ids[1]})`);
    expect(waiting.map((r) => r.status)).toEqual(['REQUESTED', 'REQUESTED']);
    expect((await approve(held.json()._id, alice)).statusCode).toBe(403);
    expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
    const paid = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM payouts WHERE id IN (${ids[0]}, ${ids[1]})`);
    expect(paid.map((r) => r.status)).toEqual(['PAID', 'PAID']);
    const now = await call(t.app, { method: 'POST', url: '/v1/payouts/paid', as: alice, payload: { items: items(ids.slice(2)) } });
    expect(now.statusCode).toBe(200);
  });
});

describe('recording an appraisal', () => {
  it('a move above the percentage waits; a small one is immediate; all appraisals when switched on', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id } = await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: 10, unitPrice: 100 } });
    const appraise = (valuePerUnit: number, extra: Record<string, unknown> = {}) =>
      call(t.app, {
        method: 'POST',
        url: `/v1/properties/${_id}/appraisals`,
        as: alice,
        payload: { valuePerUnit, appraisedOn: day(-1), ...extra },
      });
    expect((await appraise(105)).statusCode).toBe(201);
    // +43% is past the large-change limit too: the requester confirms it before it is held,
    // so the approver is not left with a request that cannot run.
    const unconfirmed = await appraise(150);
    expect(unconfirmed.statusCode).toBe(409);
    expect(await queryRows(t.app, sql`SELECT 1 FROM approval_requests WHERE target_id = ${_id}`)).toEqual([]);
    const held = await appraise(150, { confirmLargeChange: true });
    expect(held.statusCode).toBe(202);
    expect(held.json().summary).toMatch(/\$150\.00/);
    expect(await queryRows(t.app, sql`SELECT 1 FROM appraisals WHERE property_id = ${_id}`)).toHaveLength(1);
    expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
    expect(await queryRows(t.app, sql`SELECT 1 FROM appraisals WHERE property_id = ${_id}`)).toHaveLength(2);
    t.app.config.fourEyes = { ...fourEyes(), allAppraisals: true };
    expect((await appraise(151)).statusCode).toBe(202);
  });
});

describe('creating a release token', () => {
  const summary = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary?hours=1', headers: { authorization: `Bearer ${token}` } });

  it('is shown once to its creator, reads nothing until a second admin approves; never kept in the request', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'nightly' }, as: alice });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ action: 'release_token.create', status: 'PENDING' });
    expect(body.token).toMatch(/^tsr_/);
    const [stored] = await queryRows<{ payload: unknown }>(t.app, sql`SELECT payload FROM approval_requests WHERE id = ${body._id}`);
    expect(JSON.stringify(stored.payload)).not.toContain(body.token);
    expect((await summary(body.token)).statusCode).toBe(401);
    expect((await approve(body._id, alice)).statusCode).toBe(403);
    expect((await summary(body.token)).statusCode).toBe(401);
    expect((await approve(body._id, bob)).json().status).toBe('APPROVED');
    expect((await summary(body.token)).statusCode).toBe(200);
  });

  it('rejected: the token never works', async () => {
    const body = (await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'nope' }, as: alice })).json();
    const rej = await call(t.app, { method: 'POST', url: `/v1/approvals/${body._id}/reject`, as: bob, payload: { note: 'Not needed' } });
    expect(rej.json().status).toBe('REJECTED');
    expect((await summary(body.token)).statusCode).toBe(401);
  });

  it('the only super admin: on at once, as nobody else could approve it', async () => {
    const lone = await buildTestApp({ fourEyes: fourEyes() });
    try {
      const only = await makeUser(lone.app, 'ADMIN');
      await makeUser(lone.app, 'ADMIN', { adminRole: 'FINANCE' });
      const res = await call(lone.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'solo' }, as: only });
      expect(res.statusCode).toBe(201);
      expect(res.json().approved).toBe(true);
      const read = await lone.app.inject({
        method: 'GET',
        url: '/v1/telemetry/remote-load/summary?hours=1',
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await lone.close();
    }
  });

  it('with four eyes off for it: created and working at once', async () => {
    t.app.config.fourEyes = fourEyes([]);
    const res = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'now' }, as: alice });
    expect(res.statusCode).toBe(201);
    expect(res.json().approved).toBe(true);
    expect((await summary(res.json().token)).statusCode).toBe(200);
  });
});

describe('creating an admin', () => {
  it('waits for a second admin; the request keeps the hash, never the password', async () => {
    const email = `new-admin-${Date.now()}@example.com`;
    const password = 'Colleague123!';
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/admin',
      as: alice,
      payload: { email, password, firstName: 'Nora', lastName: 'Newadmin' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ action: 'admin.create', status: 'PENDING', summary: expect.stringContaining(email) });
    const [stored] = await queryRows<{ payload: { passwordHash: string } }>(
      t.app,
      sql`SELECT payload FROM approval_requests WHERE id = ${res.json()._id}`,
    );
    expect(JSON.stringify(stored.payload)).not.toContain(password);
    expect(stored.payload.passwordHash).toEqual(expect.any(String));
    expect(await queryRows(t.app, sql`SELECT 1 FROM users WHERE email = ${email}`)).toEqual([]);
    expect((await approve(res.json()._id, alice)).statusCode).toBe(403);
    expect((await approve(res.json()._id, bob)).json().status).toBe('APPROVED');
    const [made] = await queryRows<{ role: string; password_hash: string }>(
      t.app,
      sql`SELECT role, password_hash FROM users WHERE email = ${email}`,
    );
    expect(made).toEqual({ role: 'ADMIN', password_hash: stored.payload.passwordHash });
    const [{ admin_role }] = await queryRows<{ admin_role: string }>(t.app, sql`SELECT admin_role FROM users WHERE email = ${email}`);
    expect(admin_role).toBe('SUPPORT');
    // The audit trail (which admins read) never carries the hash.
    expect(JSON.stringify(await auditOf(res.json()._id))).not.toContain(stored.payload.passwordHash);
  });

  it('keeps the role asked for; only another super admin approves; the only super admin acts at once', async () => {
    const email = `finance-${Date.now()}@example.com`;
    const payload = { email, password: 'Colleague123!', firstName: 'Fin', lastName: 'Ance', adminRole: 'FINANCE' };
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', as: alice, payload });
    expect(res.statusCode).toBe(202);
    const finance = await makeUser(t.app, 'ADMIN', { adminRole: 'FINANCE' });
    expect((await approve(res.json()._id, finance)).statusCode).toBe(403);
    expect((await approve(res.json()._id, bob)).json().status).toBe('APPROVED');
    const [made] = await queryRows<{ admin_role: string }>(t.app, sql`SELECT admin_role FROM users WHERE email = ${email}`);
    expect(made.admin_role).toBe('FINANCE');

    // A platform whose only super admin asks: nobody could approve, so it is done at once.
    const lone = await buildTestApp({ fourEyes: fourEyes() });
    try {
      const only = await makeUser(lone.app, 'ADMIN');
      await makeUser(lone.app, 'ADMIN', { adminRole: 'FINANCE' });
      const first = await call(lone.app, {
        method: 'POST',
        url: '/v1/auth/signup/admin',
        as: only,
        payload: { ...payload, email: `second-super-${Date.now()}@example.com`, adminRole: 'SUPER_ADMIN' },
      });
      expect(first.statusCode).toBe(201);
      // Now there is another super admin: the next one waits for them.
      const next = await call(lone.app, {
        method: 'POST',
        url: '/v1/auth/signup/admin',
        as: only,
        payload: { ...payload, email: `third-${Date.now()}@example.com` },
      });
      expect(next.statusCode).toBe(202);
    } finally {
      await lone.close();
    }
  });
});

describe('voiding an appraisal', () => {
  it('waits for a second admin; values stand until then; the audit names both', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id } = await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: 10, unitPrice: 100 } });
    const made = await call(t.app, {
      method: 'POST',
      url: `/v1/properties/${_id}/appraisals`,
      as: alice,
      payload: { valuePerUnit: 104, appraisedOn: day(-1) },
    });
    expect(made.statusCode).toBe(201);
    const appraisalId = made.json<{ _id: string }>()._id;
    const voidAs = (as: TestUser, reason = 'Typed 104 for 140') =>
      call(t.app, { method: 'POST', url: `/v1/appraisals/${appraisalId}/void`, as, payload: { reason } });
    expect((await voidAs(alice, '  ')).statusCode).toBe(400);
    const held = await voidAs(alice);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ action: 'appraisal.void', status: 'PENDING' });
    expect(held.json().summary).toMatch(/\$104\.00 a unit .*Typed 104 for 140/);
    const standing = () => queryRows<{ voided_at: unknown }>(t.app, sql`SELECT voided_at FROM appraisals WHERE id = ${appraisalId}`);
    expect((await standing())[0].voided_at).toBeNull();
    // A second request for the same appraisal would void it twice.
    expect((await voidAs(bob)).statusCode).toBe(409);
    expect((await approve(held.json()._id, alice)).statusCode).toBe(403);
    expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
    expect((await standing())[0].voided_at).not.toBeNull();
    const rows = await auditOf(held.json()._id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['approval.request', alice.id],
      ['approval.approve', bob.id],
    ]);
    const [voided] = await queryRows<{ actor_id: string }>(
      t.app,
      sql`SELECT actor_id FROM audit_log WHERE action = 'appraisal.void' AND target_id = ${appraisalId}`,
    );
    expect(voided.actor_id).toBe(bob.id);
    // Already voided: refused when asked, not left for a second admin to fail.
    expect((await voidAs(alice)).statusCode).toBe(409);
  });
});

describe("changing an admin's role", () => {
  it('waits for another super admin; not their own; the only super admin acts at once', async () => {
    const support = await makeUser(t.app, 'ADMIN', { adminRole: 'SUPPORT' });
    const change = (as: TestUser, id: string, adminRole: string) =>
      call(t.app, { method: 'PATCH', url: `/v1/admin/team/${id}/role`, as, payload: { adminRole } });
    const roleOf = async (id: string) =>
      (await queryRows<{ admin_role: string }>(t.app, sql`SELECT admin_role FROM users WHERE id = ${id}`))[0].admin_role;
    const held = await change(alice, support.id, 'FINANCE');
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ action: 'admin.role_change', status: 'PENDING' });
    expect(held.json().summary).toMatch(/from Support to Finance/);
    expect(await roleOf(support.id)).toBe('SUPPORT');
    // Only a super admin decides, and never the one whose role it is.
    expect((await approve(held.json()._id, support)).statusCode).toBe(403);
    expect((await approve(held.json()._id, alice)).statusCode).toBe(403);
    expect((await approve(held.json()._id, bob)).json().status).toBe('APPROVED');
    expect(await roleOf(support.id)).toBe('FINANCE');
    // The same role again is refused at once, asking nobody.
    const same = await change(alice, support.id, 'FINANCE');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(ADMIN_ROLE_MESSAGES.sameRole);
    // Nobody asks for their own role.
    const own = await change(alice, alice.id, 'SUPPORT');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(ADMIN_ROLE_MESSAGES.ownRole);
    // Making an admin a super admin is held the same way (approved once the lone-admin case is shown).
    const promote = await change(alice, support.id, 'SUPER_ADMIN');
    expect(promote.statusCode).toBe(202);
    const lone = await buildTestApp({ fourEyes: fourEyes() });
    try {
      const only = await makeUser(lone.app, 'ADMIN');
      const colleague = await makeUser(lone.app, 'ADMIN', { adminRole: 'SUPPORT' });
      const res = await call(lone.app, {
        method: 'PATCH',
        url: `/v1/admin/team/${colleague.id}/role`,
        as: only,
        payload: { adminRole: 'COMPLIANCE' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ adminRole: 'COMPLIANCE' });
    } finally {
      await lone.close();
    }
    expect((await approve(promote.json()._id, bob)).json().status).toBe('APPROVED');
    expect(await roleOf(support.id)).toBe('SUPER_ADMIN');
  });
});
